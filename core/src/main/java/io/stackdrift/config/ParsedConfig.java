package io.stackdrift.config;

import java.util.List;

/**
 * stacks.yaml as written, every value checked for its own form, not yet matched against the
 * repository's stacks.
 *
 * @param defaults top-level single-valued settings ({@code drift.enabled}, {@code drift.mode},
 *                 {@code drift.every}, {@code reapply}, {@code parallelism})
 * @param entries  the {@code stacks:} items in file order
 * @param ignores  the top-level {@code ignore:} items
 */
record ParsedConfig(Settings defaults, List<StackEntry> entries, List<IgnoreEntry> ignores) {
    ParsedConfig {
        entries = List.copyOf(entries);
        ignores = List.copyOf(ignores);
    }
}
