/**
 * Every output of a run, in one room (docs/architecture.md, "Outputs"): the run JSON
 * ({@link io.stackdrift.render.RunJsonWriter}), the run and a report as text ({@link io.stackdrift.render.RunText},
 * {@link io.stackdrift.render.ReportTextSpill}), the counts line, the row table, the run order as text, DOT and JSON,
 * the value a Jenkins step returns ({@link io.stackdrift.render.RunMaps}), the HTML pages, badges and the drift
 * picture. The counts come from the one table of {@link io.stackdrift.model.Counts.Field}. Untrusted text is made
 * inert by {@link io.stackdrift.render.TextSafe} and HTML-encoded with the OWASP encoder; never a value from a plan.
 */
package io.stackdrift.render;
