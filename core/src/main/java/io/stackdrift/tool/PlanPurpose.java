package io.stackdrift.tool;

/** Why a stack is planned. */
public enum PlanPurpose {
    /** Pending code changes and drift: {@code plan -out}, {@code pulumi preview --refresh}. */
    PREVIEW,
    /** Read-only check for changes made outside the code: {@code plan -refresh-only}, {@code pulumi refresh --preview-only}. */
    DRIFT_CHECK,
    /**
     * What a destroy would delete: {@code plan -destroy -out}, {@code pulumi destroy --preview-only}. Applying such a
     * plan destroys the stack's resources (docs/engine.md, "destroy").
     */
    DESTROY
}
