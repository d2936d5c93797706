/**
 * The drift decisions, all pure: which stacks a check run checks ({@link io.stackdrift.drift.DueCheck},
 * {@link io.stackdrift.drift.Backoff}), what a drift mode makes of a row ({@link io.stackdrift.drift.DriftModes}),
 * whether a plan only reverts the drift ({@link io.stackdrift.drift.DriftRevert}) and whether a repair is small
 * enough to run unreviewed ({@link io.stackdrift.drift.RepairGuard}). Field ownership, which runs tools around a
 * plan, is {@code io.stackdrift.ownership}.
 */
package io.stackdrift.drift;
