/**
 * A stack's digest (its files, local modules, settings and tool version) and the pure decision
 * whether a deploy previews and applies it ({@code onChange}, {@code onChangeOrDependency}, {@code once},
 * reapply interval): docs/digest.md.
 */
package io.stackdrift.digest;
