package io.stackdrift.plan;

/**
 * What a drift check's plan says of the tool's state before it: holding something, or empty — the stack was never
 * deployed, or was destroyed. Only a plan that can tell says {@link #EMPTY}: Terraform/OpenTofu's plan representation
 * (no {@code prior_state} resources, no output known before, and code that declares something) and Pulumi's digest
 * (a refresh with no step at all, or a preview that creates the root {@code pulumi:pulumi:Stack}). Every other
 * reading is {@link #HELD}, the state as before this knowledge existed.
 */
public enum PriorState {
    /** The state holds resources or outputs, or the format cannot tell. */
    HELD,
    /** The state holds nothing the code declares: never deployed, or destroyed. */
    EMPTY
}
