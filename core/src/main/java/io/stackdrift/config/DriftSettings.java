package io.stackdrift.config;

import java.time.Duration;
import java.util.List;

/**
 * A stack's resolved drift settings.
 *
 * @param enabled whether the stack is checked at all
 * @param mode    what finding drift does
 * @param every   how often the schedule checks it
 * @param ignore  field ownership rules (Terraform/OpenTofu only)
 */
public record DriftSettings(boolean enabled, DriftMode mode, Duration every, List<IgnoreRule> ignore) {
    public static final Duration DEFAULT_EVERY = Duration.ofHours(24);

    public DriftSettings {
        ignore = List.copyOf(ignore);
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
