/**
 * Field ownership (docs/field-ownership.md): the {@code ignore} paths of a stack, their eligibility against the root
 * module and the provider schema ({@link io.stackdrift.ownership.IgnoreEligibility}, {@link
 * io.stackdrift.ownership.SchemaWalk}, {@link io.stackdrift.ownership.ResourceScanner}), the override file that makes
 * an apply respect them ({@link io.stackdrift.ownership.OverrideFile}), the guard that holds the stack's directory
 * around a plan ({@link io.stackdrift.ownership.OwnershipGuard}) and the split of drift into drift and "owned
 * elsewhere" ({@link io.stackdrift.ownership.OwnershipSplit}).
 */
package io.stackdrift.ownership;
