package io.stackdrift.config;

import java.util.List;
import java.util.Optional;

import io.stackdrift.config.YamlNode.YamlMap;

/** One item of the top-level {@code ignore:}: stack directories left out of discovery, with the reason. */
final class IgnoreSection {
    static final List<String> KEYS = List.of("dir", "reason");
    private static final String REASON_HINT = "reason: moved to the platform repository";

    private final ValueForms forms;

    IgnoreSection(final ValueForms forms) {
        this.forms = forms;
    }

    Optional<IgnoreEntry> read(final YamlNode item) {
        if (!(item instanceof YamlMap map)) {
            forms.problem(item.at(), "each ignore entry must be a mapping with `dir` and `reason`, not " + item.describe(),
                    "ignore:\n  - dir: legacy/**\n    " + REASON_HINT);
            return Optional.empty();
        }
        forms.checkKeys(map, KEYS, "an ignore entry");
        Optional<Setting<String>> dir = map.entry("dir").flatMap(e -> forms.directory(e.value(), "dir"));
        Optional<String> reason = map.entry("reason").flatMap(e -> forms.text(e.value(), "reason", REASON_HINT));
        if (map.entry("dir").isEmpty()) {
            forms.problem(map.at(), "this ignore entry has no `dir`", "- dir: legacy/**\n  " + REASON_HINT);
        }
        if (map.entry("reason").isEmpty()) {
            forms.problem(map.at(), "this ignore entry has no `reason`; say why these stacks are left out",
                    "- dir: " + dir.map(Setting::value).orElse("legacy/**") + "\n  " + REASON_HINT);
        }
        if (dir.isEmpty() || reason.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new IgnoreEntry(dir.get().value(), reason.get(), map.at()));
    }
}
