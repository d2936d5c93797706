/**
 * Streaming readers of tool output: Terraform/OpenTofu {@code show -json} plans ({@link io.stackdrift.plan.TerraformPlanReader})
 * and {@code -json} UI streams ({@link io.stackdrift.plan.TerraformStreamReader}), Pulumi preview digests
 * ({@link io.stackdrift.plan.PulumiDigestReader}) and engine events ({@link io.stackdrift.plan.PulumiEventsReader});
 * {@link io.stackdrift.plan.PlanReaders#forFile} picks one from the content.
 *
 * <p>Every reader pushes what it finds into a {@link io.stackdrift.plan.PlanSink} one change at a time, so
 * memory stays flat in the file's size (a single resource change or event may be read as a tree, never the
 * whole document); {@link io.stackdrift.plan.CollectingSink} builds a {@link io.stackdrift.plan.PlanSummary}
 * for callers that want lists. Readers never throw on bad input: empty, truncated, non-JSON, too deeply
 * nested (over 200 levels) or too long numbers (over 200 digits), unknown format versions, {@code errored: true}
 * and error diagnostics all end as a failed outcome with one line of reason, and a failed read shows no changes.
 *
 * <p>Decisions:
 * <ul>
 * <li>Only paths, never values. Paths of updates and replacements come from comparing before/after (lists
 *     by index, maps by key, {@code after_unknown} leaves count as changed); a path stops at an attribute a
 *     sensitivity mask marks, so nothing inside a sensitive map — not even a key — is named. Creates,
 *     deletes, imports and forgets name no paths (the whole object changes). Pulumi paths are the
 *     {@code detailedDiff} keys, else {@code diffReasons}/{@code replaceReasons}.</li>
 * <li>Data source reads and Pulumi reads are not changes; a Pulumi {@code StackReference} read yields the
 *     referenced name for {@link io.stackdrift.plan.StackReferences}, which turns it into a stack id.</li>
 * <li>Terraform {@code checks} with status {@code fail} do not fail the read: a check that blocks a plan
 *     already makes it {@code errored}. {@code output_changes}, {@code deferred_changes} and moves
 *     are not listed (rows list resources); {@code relevant_attributes} does not filter drift.</li>
 * <li>Failure reasons from tools are their first error diagnostic with ANSI and Pulumi colour markup
 *     stripped; reasons about unreadable files give a position, never the offending text.</li>
 * </ul>
 */
package io.stackdrift.plan;
