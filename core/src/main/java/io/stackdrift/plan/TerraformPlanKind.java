package io.stackdrift.plan;

/** Which plan a Terraform or OpenTofu plan file is: it decides whether an output change is a code change or drift. */
public enum TerraformPlanKind {
    /** A normal plan (preview, destroy): output changes are pending code changes. */
    PLAN,
    /** A {@code -refresh-only} plan (drift check): output changes that follow drift are drift. */
    REFRESH_ONLY
}
