package io.stackdrift.model;

/** How a stack deployment treats its fresh plan. */
public enum DeployMode {
    /** Apply the plan (unless the stack waits for approval). */
    APPLY,
    /** Plan in order, apply nothing; no lock and no marker (docs/engine.md, "deploy"). */
    REHEARSAL,
    /** A drift check in mode correct: apply only a plan that does nothing but put the checked drift back. */
    CORRECTION
}
