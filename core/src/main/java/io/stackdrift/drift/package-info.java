/**
 * Drift decisions, all pure or file-local: which stacks a check run checks
 * ({@link io.stackdrift.drift.DueCheck}, {@link io.stackdrift.drift.Backoff}), what a drift mode makes of
 * a row ({@link io.stackdrift.drift.DriftModes}), and field ownership — ignore-path eligibility against
 * the root module and the provider schema, the override file that makes apply respect it, and the
 * split of drift into drift and "owned elsewhere" (docs/field-ownership.md).
 */
package io.stackdrift.drift;
