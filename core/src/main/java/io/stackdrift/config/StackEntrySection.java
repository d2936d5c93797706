package io.stackdrift.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import io.stackdrift.config.StackEntry.DependsOn;
import io.stackdrift.config.ValueForms.Zero;
import io.stackdrift.config.YamlNode.Entry;
import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlList;
import io.stackdrift.config.YamlNode.YamlMap;

/** One item of {@code stacks:} with its {@code dependsOn}, {@code credentials} and {@code outputs}. */
final class StackEntrySection {
    static final List<String> KEYS = List.of("dir", "name", "tool", "dependsOn", "drift", "reapply", "policy",
            "credentials", "outputs", "policyCheck");
    static final List<String> OUTPUTS_KEYS = List.of("file", "sensitive");

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final ValueForms forms;
    private final DriftSection drift;
    private final PolicyCheckSection policyCheck;

    StackEntrySection(final ValueForms forms) {
        this.forms = forms;
        this.drift = new DriftSection(forms);
        this.policyCheck = new PolicyCheckSection(forms);
    }

    Optional<StackEntry> read(final YamlNode item) {
        if (!(item instanceof YamlMap map)) {
            forms.problem(item.at(), "each stacks entry must be a mapping with at least `dir`, not " + item.describe(),
                    "stacks:\n  - dir: network\n    name: prod");
            return Optional.empty();
        }
        forms.checkKeys(map, KEYS, "a stacks entry");
        Optional<Setting<String>> dir = map.entry("dir").flatMap(e -> forms.directory(e.value(), "dir"));
        if (map.entry("dir").isEmpty()) {
            forms.problem(map.at(), "this stacks entry has no `dir`",
                    "- dir: network   # a directory under the repository root; globs allowed (envs/*)");
        }
        String name = map.entry("name").flatMap(e -> forms.name(e.value())).orElse("");
        Settings.Builder settings = new Settings.Builder();
        List<Setting<IgnoreRule>> rules = new ArrayList<>();
        DependsOn dependsOn = map.entry("dependsOn").map(e -> dependsOn(e.value())).orElse(DependsOn.NONE);
        for (Entry entry : map.entries()) {
            YamlNode value = entry.value();
            switch (entry.key()) {
                case "tool" -> forms.tool(value).ifPresent(t -> settings.put(SettingKey.TOOL, t));
                case "drift" -> drift.read(entry, DriftSection.Place.ENTRY, settings, rules);
                case "reapply" -> forms.duration(value, "reapply", Zero.ALLOWED, ValueForms.REAPPLY_HINT)
                        .ifPresent(d -> settings.put(SettingKey.REAPPLY, d));
                case "policy" -> forms.policy(value).ifPresent(p -> settings.put(SettingKey.POLICY, p));
                case "credentials" -> credentials(value, settings);
                case "outputs" -> outputs(value).ifPresent(o -> settings.put(SettingKey.OUTPUTS, o));
                case "policyCheck" -> policyCheck.read(value).ifPresent(c -> settings.put(SettingKey.POLICY_CHECK, c));
                default -> { } // dir, name and dependsOn above; unknown keys reported by checkKeys
            }
        }
        return dir.map(d -> new StackEntry(d.value(), d.at(), name, settings.build(), dependsOn, rules));
    }

    private DependsOn dependsOn(final YamlNode value) {
        if (value instanceof Scalar scalar && "auto".equals(scalar.text()) && scalar.kind() == Scalar.Kind.STRING) {
            return new DependsOn(true, List.of(), value.at());
        }
        if (value instanceof Scalar scalar && scalar.kind() != Scalar.Kind.UNREADABLE) {
            String written = scalar.isNull() ? "network" : scalar.text();
            forms.problem(value.at(), "`dependsOn` is a list of stack ids or the word `auto`, not " + value.describe(),
                    "dependsOn: [" + written + "]   # or, read from what the stack reads: dependsOn: auto");
            return DependsOn.NONE;
        }
        if (!(value instanceof YamlList list)) {
            forms.problem(value.at(), "`dependsOn` is a list of stack ids or the word `auto`, not " + value.describe(),
                    "dependsOn: [network, dns]");
            return DependsOn.NONE;
        }
        List<Setting<String>> ids = new ArrayList<>();
        for (YamlNode item : list.items()) {
            if (item instanceof Scalar scalar && "auto".equals(scalar.text())) {
                forms.problem(item.at(), "`auto` cannot be one item of a list: it stands for every state the stack reads",
                        "dependsOn: auto");
                continue;
            }
            forms.text(item, "each dependsOn item", "dependsOn: [network, platform:prod]")
                    .ifPresent(id -> ids.add(new Setting<>(id, item.at())));
        }
        return new DependsOn(false, ids, value.at());
    }

    private void credentials(final YamlNode value, final Settings.Builder settings) {
        String example = "credentials:\n  AWS_ACCESS_KEY_ID: aws-prod-key   # environment variable: Jenkins credentials id";
        if (!(value instanceof YamlMap map)) {
            forms.unless(value, "`credentials` must be a mapping of environment variable to credentials id, not " + value.describe(),
                    example);
            return;
        }
        for (Entry entry : map.entries()) {
            if (!VARIABLE.matcher(entry.key()).matches()) {
                forms.problem(entry.keyAt(), "`" + entry.key() + "` is not an environment variable name", example);
                continue;
            }
            forms.text(entry.value(), "the credentials id of " + entry.key(), entry.key() + ": my-credentials-id")
                    .ifPresent(id -> settings.put(SettingKey.credentials(entry.key()), new Setting<>(id, entry.value().at())));
        }
    }

    private Optional<Setting<Outputs>> outputs(final YamlNode value) {
        String example = "outputs: out/network.json\n# or, to write sensitive values too:\noutputs:\n  file: out/network.json\n"
                + "  sensitive: true";
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.STRING) {
            return forms.directory(value, "outputs").map(file -> new Setting<>(new Outputs(file.value(), false), value.at()));
        }
        if (!(value instanceof YamlMap map)) {
            return forms.unless(value, "`outputs` must be a file path or a mapping with `file` and `sensitive`, not " + value.describe(),
                    example);
        }
        forms.checkKeys(map, OUTPUTS_KEYS, "outputs");
        Optional<Setting<String>> file = map.entry("file").flatMap(e -> forms.directory(e.value(), "file"));
        if (map.entry("file").isEmpty()) {
            forms.problem(map.at(), "`outputs` has no `file`", example);
        }
        Optional<Setting<Boolean>> sensitive = map.entry("sensitive").flatMap(e -> forms.bool(e.value(), "sensitive", "sensitive: true"));
        if (file.isEmpty() || map.entry("sensitive").isPresent() && sensitive.isEmpty()) {
            return Optional.empty();
        }
        boolean writeSensitive = sensitive.map(Setting::value).orElse(false);
        return Optional.of(new Setting<>(new Outputs(file.get().value(), writeSensitive), map.at()));
    }
}
