package io.stackdrift.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import io.stackdrift.config.ValueForms.Zero;
import io.stackdrift.config.YamlNode.Entry;
import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlList;
import io.stackdrift.config.YamlNode.YamlMap;

/**
 * A {@code drift:} mapping, at the top level or in a {@code stacks:} entry: the drift settings, and in an entry
 * its {@code ignore} rules (docs/field-ownership.md).
 */
final class DriftSection {
    static final List<String> KEYS = List.of("enabled", "mode", "every", "ignore", "maxChanges", "allowReplace");
    static final List<String> RULE_KEYS = List.of("paths", "reason");

    private static final Pattern ATTRIBUTE_PATH = Pattern.compile(
            "[A-Za-z][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_-]*(?:\\[(?:\\d+|\"[^\"]+\")])?"
                    + "(?:\\.[A-Za-z_][A-Za-z0-9_-]*(?:\\[\\d+])*)+");
    private static final String EVERY_HINT = "every: 6h   # 30s, 15m, 6h, 2d, or combined: 1h30m";
    private static final String RULE_EXAMPLE = "- paths: [aws_autoscaling_group.web.desired_capacity]\n  reason: the autoscaler owns it";
    private static final String PATHS_HINT = "paths: [aws_autoscaling_group.web.desired_capacity]";

    /** Where the mapping stands: only an entry names the stack whose resources an ignore rule's paths point to. */
    enum Place { TOP_LEVEL, ENTRY }

    private final ValueForms forms;

    DriftSection(final ValueForms forms) {
        this.forms = forms;
    }

    /** Reads {@code drift} into {@code settings}, and its ignore rules into {@code rules} (at the top level: none allowed). */
    void read(final Entry drift, final Place place, final Settings.Builder settings, final List<Setting<IgnoreRule>> rules) {
        YamlNode value = drift.value();
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.BOOLEAN) {
            boolean on = "true".equalsIgnoreCase(scalar.text()) || "yes".equalsIgnoreCase(scalar.text())
                    || "on".equalsIgnoreCase(scalar.text());
            forms.problem(value.at(), "`drift: " + scalar.text() + "` is not allowed: drift is always a mapping",
                    "drift:\n  enabled: " + on + (on ? "\n  mode: report\n  every: 24h" : ""));
            return;
        }
        if (!(value instanceof YamlMap map)) {
            forms.problem(value.at(), "`drift` must be a mapping, not " + value.describe(),
                    "drift:\n  enabled: true\n  mode: report\n  every: 24h");
            return;
        }
        forms.checkKeys(map, KEYS, "drift");
        for (Entry entry : map.entries()) {
            YamlNode item = entry.value();
            switch (entry.key()) {
                case "enabled" -> forms.bool(item, "enabled", "enabled: true").ifPresent(b -> settings.put(SettingKey.DRIFT_ENABLED, b));
                case "mode" -> forms.mode(item).ifPresent(m -> settings.put(SettingKey.DRIFT_MODE, m));
                case "every" -> forms.duration(item, "every", Zero.REFUSED, EVERY_HINT)
                        .ifPresent(d -> settings.put(SettingKey.DRIFT_EVERY, d));
                case "maxChanges" -> forms.maxChanges(item).ifPresent(n -> settings.put(SettingKey.DRIFT_MAX_CHANGES, n));
                case "allowReplace" -> forms.bool(item, "allowReplace", "allowReplace: true   # mode correct may delete and replace")
                        .ifPresent(b -> settings.put(SettingKey.DRIFT_ALLOW_REPLACE, b));
                case "ignore" -> ignore(entry, place, rules);
                default -> { } // reported by checkKeys
            }
        }
    }

    private void ignore(final Entry entry, final Place place, final List<Setting<IgnoreRule>> rules) {
        if (place == Place.TOP_LEVEL) {
            forms.problem(entry.keyAt(), "`drift.ignore` belongs in a stacks entry: its paths name resources of one stack",
                    "stacks:\n  - dir: network\n    drift:\n      ignore:\n        - paths: "
                            + "[aws_autoscaling_group.web.desired_capacity]\n          reason: the autoscaler owns it");
            return;
        }
        forms.list(entry.value(), "ignore",
                        "ignore:\n  - paths: [aws_autoscaling_group.web.desired_capacity]\n    reason: the autoscaler owns it")
                .forEach(item -> rule(item).ifPresent(rules::add));
    }

    private Optional<Setting<IgnoreRule>> rule(final YamlNode item) {
        if (!(item instanceof YamlMap map)) {
            forms.problem(item.at(), "each drift ignore rule must be a mapping with `paths` and `reason`, not " + item.describe(),
                    RULE_EXAMPLE);
            return Optional.empty();
        }
        forms.checkKeys(map, RULE_KEYS, "a drift ignore rule");
        List<String> paths = new ArrayList<>();
        boolean pathsOk = paths(map, paths);
        Optional<String> reason = map.entry("reason").flatMap(e -> forms.text(e.value(), "reason", "reason: the autoscaler owns it"));
        if (map.entry("reason").isEmpty()) {
            forms.problem(map.at(), "this ignore rule has no `reason`; say who owns these fields", "reason: the autoscaler owns it");
        }
        if (!pathsOk || reason.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Setting<>(new IgnoreRule(paths, reason.get()), map.at()));
    }

    /** Adds the rule's paths to {@code paths}; false when any of them (or the list itself) is not well formed. */
    private boolean paths(final YamlMap map, final List<String> paths) {
        Optional<Entry> pathsEntry = map.entry("paths");
        if (pathsEntry.isEmpty()) {
            forms.problem(map.at(), "this ignore rule has no `paths`", RULE_EXAMPLE);
            return false;
        }
        if (!(pathsEntry.get().value() instanceof YamlList list) || list.items().isEmpty()) {
            forms.problem(pathsEntry.get().value().at(), "`paths` must be a list of attribute paths, not "
                    + pathsEntry.get().value().describe(), PATHS_HINT);
            return false;
        }
        boolean pathsOk = true;
        for (YamlNode pathNode : list.items()) {
            Optional<String> path = forms.text(pathNode, "each path", PATHS_HINT);
            if (path.isPresent() && !ATTRIBUTE_PATH.matcher(path.get()).matches()) {
                forms.problem(pathNode.at(), "`" + path.get() + "` is not a resource attribute path (TYPE.NAME.attribute)",
                        "paths: [aws_autoscaling_group.web.desired_capacity, aws_instance.app[0].tags.Owner]");
                pathsOk = false;
            } else if (path.isPresent()) {
                paths.add(path.get());
            } else {
                pathsOk = false;
            }
        }
        return pathsOk;
    }
}
