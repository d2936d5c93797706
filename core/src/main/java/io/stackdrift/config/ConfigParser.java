package io.stackdrift.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.stackdrift.config.ValueForms.Zero;
import io.stackdrift.config.YamlNode.Entry;
import io.stackdrift.config.YamlNode.YamlMap;
import io.stackdrift.model.Problem;

/**
 * Checks the form of every value in a stacks.yaml tree (keys, types, words, durations, paths) and collects them
 * as {@link Setting}s. It keeps going after a problem so that one run reports them all. It reads the top level
 * and hands each section to its reader: {@link DriftSection}, {@link StackEntrySection}, {@link IgnoreSection},
 * all over the shared {@link ValueForms}.
 */
final class ConfigParser {
    static final List<String> TOP_KEYS = List.of("drift", "reapply", "parallelism", "policyCheck", "stacks", "ignore");
    static final List<String> DRIFT_KEYS = DriftSection.KEYS;
    static final List<String> ENTRY_KEYS = StackEntrySection.KEYS;
    static final List<String> RULE_KEYS = DriftSection.RULE_KEYS;
    static final List<String> IGNORE_KEYS = IgnoreSection.KEYS;
    static final List<String> OUTPUTS_KEYS = StackEntrySection.OUTPUTS_KEYS;
    static final int MAX_PARALLELISM = ValueForms.MAX_PARALLELISM;

    private final ValueForms forms;
    private final DriftSection drift;
    private final StackEntrySection stackEntry;
    private final IgnoreSection ignore;
    private final PolicyCheckSection policyCheck;

    ConfigParser(final String file, final List<Problem> problems) {
        this.forms = new ValueForms(file, problems);
        this.drift = new DriftSection(forms);
        this.stackEntry = new StackEntrySection(forms);
        this.ignore = new IgnoreSection(forms);
        this.policyCheck = new PolicyCheckSection(forms);
    }

    Optional<ParsedConfig> parse(final YamlNode root) {
        if (!(root instanceof YamlMap top)) {
            forms.problem(root.at(), "the top level must be a mapping of settings, not " + root.describe(),
                    "drift:\n  mode: report\nstacks:\n  - dir: network");
            return Optional.empty();
        }
        forms.checkKeys(top, TOP_KEYS, "the top level");
        Settings.Builder defaults = new Settings.Builder();
        List<StackEntry> entries = new ArrayList<>();
        List<IgnoreEntry> ignores = new ArrayList<>();
        for (Entry entry : top.entries()) {
            YamlNode value = entry.value();
            switch (entry.key()) {
                case "drift" -> drift.read(entry, DriftSection.Place.TOP_LEVEL, defaults, List.of());
                case "reapply" -> forms.duration(value, "reapply", Zero.ALLOWED, ValueForms.REAPPLY_HINT)
                        .ifPresent(d -> defaults.put(SettingKey.REAPPLY, d));
                case "parallelism" -> forms.parallelism(value).ifPresent(p -> defaults.put(SettingKey.PARALLELISM, p));
                case "policyCheck" -> policyCheck.read(value).ifPresent(c -> defaults.put(SettingKey.POLICY_CHECK, c));
                case "stacks" -> forms.list(value, "stacks", "stacks:\n  - dir: network")
                        .forEach(item -> stackEntry.read(item).ifPresent(entries::add));
                case "ignore" -> forms.list(value, "ignore", "ignore:\n  - dir: legacy/**\n    reason: moved to the platform repository")
                        .forEach(item -> ignore.read(item).ifPresent(ignores::add));
                default -> { } // reported by checkKeys
            }
        }
        return Optional.of(new ParsedConfig(defaults.build(), entries, ignores));
    }
}
