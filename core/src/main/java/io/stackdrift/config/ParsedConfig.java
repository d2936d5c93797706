package io.stackdrift.config;

import java.util.List;
import java.util.Map;

/**
 * stacks.yaml as written, every value checked for its own form, not yet matched against the
 * repository's stacks.
 *
 * @param defaults top-level single-valued settings ({@code drift.enabled}, {@code drift.mode},
 *                 {@code drift.every}, {@code reapply}, {@code parallelism})
 * @param entries  the {@code stacks:} items in file order
 * @param ignores  the top-level {@code ignore:} items
 */
record ParsedConfig(Map<String, Setting<?>> defaults, List<StackEntry> entries, List<IgnoreEntry> ignores) {
    ParsedConfig {
        defaults = Map.copyOf(defaults);
        entries = List.copyOf(entries);
        ignores = List.copyOf(ignores);
    }
}
