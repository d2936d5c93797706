package io.stackdrift.config;

import java.time.Duration;
import java.util.List;

/**
 * A stack's resolved drift settings.
 *
 * @param enabled      whether the stack is checked at all
 * @param mode         what finding drift does
 * @param every        how often the schedule checks it
 * @param ignore       field ownership rules (Terraform/OpenTofu only)
 * @param maxChanges   mode correct: the most resources a repair may change without a person ({@link #NO_LIMIT}: any number)
 * @param allowReplace mode correct: a repair may delete or replace resources without a person
 */
public record DriftSettings(boolean enabled, DriftMode mode, Duration every, List<IgnoreRule> ignore, int maxChanges,
        boolean allowReplace) {
    public static final Duration DEFAULT_EVERY = Duration.ofHours(24);
    /** {@code maxChanges} when the file sets none. */
    public static final int NO_LIMIT = Integer.MAX_VALUE;

    public DriftSettings {
        ignore = List.copyOf(ignore);
        if (maxChanges < 0) {
            throw new IllegalArgumentException("maxChanges must be 0 or more: " + maxChanges);
        }
    }

    /** Without guard-rail settings: no limit on the number of changes, no deletes or replaces on its own. */
    public DriftSettings(final boolean enabled, final DriftMode mode, final Duration every, final List<IgnoreRule> ignore) {
        this(enabled, mode, every, ignore, NO_LIMIT, false);
    }

    public static DriftSettings defaults() {
        return new DriftSettings(true, DriftMode.REPORT, DEFAULT_EVERY, List.of());
    }

    /** Checked by drift checks: enabled and not mode off. */
    public boolean isChecked() {
        return enabled && mode != DriftMode.OFF;
    }

    /** Every ignored path of every rule. */
    public List<String> ignoredPaths() {
        return ignore.stream().flatMap(rule -> rule.paths().stream()).toList();
    }
}
