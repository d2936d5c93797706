package io.stackdrift.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.stackdrift.config.StackEntry.DependsOn;
import io.stackdrift.config.YamlNode.Entry;
import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlList;
import io.stackdrift.config.YamlNode.YamlMap;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Tool;

/**
 * Checks the form of every value in a stacks.yaml tree (keys, types, words, durations, paths) and
 * collects them as {@link Setting}s. It keeps going after a problem so that one run reports them all.
 */
final class ConfigParser {
    static final List<String> TOP_KEYS = List.of("drift", "reapply", "parallelism", "stacks", "ignore");
    static final List<String> DRIFT_KEYS = List.of("enabled", "mode", "every", "ignore", "maxChanges", "allowReplace");
    static final List<String> ENTRY_KEYS = List.of("dir", "name", "tool", "dependsOn", "drift", "reapply", "policy",
            "credentials", "outputs");
    static final List<String> RULE_KEYS = List.of("paths", "reason");
    static final List<String> IGNORE_KEYS = List.of("dir", "reason");
    static final List<String> OUTPUTS_KEYS = List.of("file", "sensitive");
    static final int MAX_PARALLELISM = 64;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern ATTRIBUTE_PATH = Pattern.compile(
            "[A-Za-z][A-Za-z0-9_]*\\.[A-Za-z_][A-Za-z0-9_-]*(?:\\[(?:\\d+|\"[^\"]+\")])?"
                    + "(?:\\.[A-Za-z_][A-Za-z0-9_-]*(?:\\[\\d+])*)+");
    private static final String MODE_HINT = "mode: report   # correct | approve | report | off";
    private static final String EVERY_HINT = "every: 6h   # 30s, 15m, 6h, 2d, or combined: 1h30m";
    private static final String REAPPLY_HINT = "reapply: 60m   # 30s, 15m, 6h, 2d, 1h30m; 0 = never";

    private final String file;
    private final List<Problem> problems;

    ConfigParser(final String file, final List<Problem> problems) {
        this.file = file;
        this.problems = problems;
    }

    Optional<ParsedConfig> parse(final YamlNode root) {
        if (!(root instanceof YamlMap top)) {
            problem(root.at(), "the top level must be a mapping of settings, not " + root.describe(),
                    "drift:\n  mode: report\nstacks:\n  - dir: network");
            return Optional.empty();
        }
        checkKeys(top, TOP_KEYS, "the top level");
        Map<String, Setting<?>> defaults = new LinkedHashMap<>();
        List<StackEntry> entries = new ArrayList<>();
        List<IgnoreEntry> ignores = new ArrayList<>();
        for (Entry entry : top.entries()) {
            switch (entry.key()) {
                case "drift" -> driftSettings(entry, defaults, null);
                case "reapply" -> duration(entry.value(), "reapply", true, REAPPLY_HINT).ifPresent(d -> defaults.put("reapply", d));
                case "parallelism" -> parallelism(entry.value()).ifPresent(p -> defaults.put("parallelism", p));
                case "stacks" -> list(entry.value(), "stacks", "stacks:\n  - dir: network")
                        .forEach(item -> stackEntry(item).ifPresent(entries::add));
                case "ignore" -> list(entry.value(), "ignore", "ignore:\n  - dir: legacy/**\n    reason: moved to the platform repository")
                        .forEach(item -> ignoreEntry(item).ifPresent(ignores::add));
                default -> { } // reported by checkKeys
            }
        }
        return Optional.of(new ParsedConfig(defaults, entries, ignores));
    }

    // ---------------------------------------------------------------------------------------------- sections

    /** {@code drift:} at the top ({@code rules == null}: no ignore allowed) or in an entry. */
    private void driftSettings(final Entry drift, final Map<String, Setting<?>> into, final List<Setting<IgnoreRule>> rules) {
        YamlNode value = drift.value();
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.BOOLEAN) {
            boolean on = "true".equalsIgnoreCase(scalar.text()) || "yes".equalsIgnoreCase(scalar.text())
                    || "on".equalsIgnoreCase(scalar.text());
            problem(value.at(), "`drift: " + scalar.text() + "` is not allowed: drift is always a mapping",
                    "drift:\n  enabled: " + on + (on ? "\n  mode: report\n  every: 24h" : ""));
            return;
        }
        if (!(value instanceof YamlMap map)) {
            problem(value.at(), "`drift` must be a mapping, not " + value.describe(),
                    "drift:\n  enabled: true\n  mode: report\n  every: 24h");
            return;
        }
        checkKeys(map, DRIFT_KEYS, "drift");
        for (Entry entry : map.entries()) {
            switch (entry.key()) {
                case "enabled" -> bool(entry.value(), "enabled", "enabled: true").ifPresent(b -> into.put("drift.enabled", b));
                case "mode" -> mode(entry.value()).ifPresent(m -> into.put("drift.mode", m));
                case "every" -> duration(entry.value(), "every", false, EVERY_HINT).ifPresent(d -> into.put("drift.every", d));
                case "maxChanges" -> maxChanges(entry.value()).ifPresent(n -> into.put("drift.maxChanges", n));
                case "allowReplace" -> bool(entry.value(), "allowReplace", "allowReplace: true   # mode correct may delete and replace")
                        .ifPresent(b -> into.put("drift.allowReplace", b));
                case "ignore" -> {
                    if (rules == null) {
                        problem(entry.keyAt(), "`drift.ignore` belongs in a stacks entry: its paths name resources of one stack",
                                "stacks:\n  - dir: network\n    drift:\n      ignore:\n        - paths: "
                                        + "[aws_autoscaling_group.web.desired_capacity]\n          reason: the autoscaler owns it");
                    } else {
                        list(entry.value(), "ignore",
                                "ignore:\n  - paths: [aws_autoscaling_group.web.desired_capacity]\n    reason: the autoscaler owns it")
                                .forEach(item -> ignoreRule(item).ifPresent(rules::add));
                    }
                }
                default -> { }
            }
        }
    }

    private Optional<StackEntry> stackEntry(final YamlNode item) {
        if (!(item instanceof YamlMap map)) {
            problem(item.at(), "each stacks entry must be a mapping with at least `dir`, not " + item.describe(),
                    "stacks:\n  - dir: network\n    name: prod");
            return Optional.empty();
        }
        checkKeys(map, ENTRY_KEYS, "a stacks entry");
        Optional<Setting<String>> dir = map.entry("dir").flatMap(e -> directory(e.value(), "dir"));
        if (map.entry("dir").isEmpty()) {
            problem(map.at(), "this stacks entry has no `dir`",
                    "- dir: network   # a directory under the repository root; globs allowed (envs/*)");
        }
        String name = map.entry("name").flatMap(e -> name(e.value())).orElse("");
        Map<String, Setting<?>> settings = new LinkedHashMap<>();
        List<Setting<IgnoreRule>> rules = new ArrayList<>();
        DependsOn dependsOn = map.entry("dependsOn").map(e -> dependsOn(e.value())).orElse(DependsOn.NONE);
        for (Entry entry : map.entries()) {
            YamlNode value = entry.value();
            switch (entry.key()) {
                case "tool" -> tool(value).ifPresent(t -> settings.put("tool", t));
                case "drift" -> driftSettings(entry, settings, rules);
                case "reapply" -> duration(value, "reapply", true, REAPPLY_HINT).ifPresent(d -> settings.put("reapply", d));
                case "policy" -> policy(value).ifPresent(p -> settings.put("policy", p));
                case "credentials" -> credentials(value, settings);
                case "outputs" -> outputs(value).ifPresent(o -> settings.put("outputs", o));
                default -> { }
            }
        }
        return dir.map(d -> new StackEntry(d.value(), d.at(), name, settings, dependsOn, rules));
    }

    private Optional<IgnoreEntry> ignoreEntry(final YamlNode item) {
        if (!(item instanceof YamlMap map)) {
            problem(item.at(), "each ignore entry must be a mapping with `dir` and `reason`, not " + item.describe(),
                    "ignore:\n  - dir: legacy/**\n    reason: moved to the platform repository");
            return Optional.empty();
        }
        checkKeys(map, IGNORE_KEYS, "an ignore entry");
        Optional<Setting<String>> dir = map.entry("dir").flatMap(e -> directory(e.value(), "dir"));
        Optional<String> reason = map.entry("reason").flatMap(e -> text(e.value(), "reason", "reason: moved to the platform repository"));
        if (map.entry("dir").isEmpty()) {
            problem(map.at(), "this ignore entry has no `dir`", "- dir: legacy/**\n  reason: moved to the platform repository");
        }
        if (map.entry("reason").isEmpty()) {
            problem(map.at(), "this ignore entry has no `reason`; say why these stacks are left out",
                    "- dir: " + dir.map(Setting::value).orElse("legacy/**") + "\n  reason: moved to the platform repository");
        }
        if (dir.isEmpty() || reason.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new IgnoreEntry(dir.get().value(), reason.get(), map.at()));
    }

    private Optional<Setting<IgnoreRule>> ignoreRule(final YamlNode item) {
        String example = "- paths: [aws_autoscaling_group.web.desired_capacity]\n  reason: the autoscaler owns it";
        if (!(item instanceof YamlMap map)) {
            problem(item.at(), "each drift ignore rule must be a mapping with `paths` and `reason`, not " + item.describe(), example);
            return Optional.empty();
        }
        checkKeys(map, RULE_KEYS, "a drift ignore rule");
        List<String> paths = new ArrayList<>();
        boolean pathsOk = true;
        Optional<Entry> pathsEntry = map.entry("paths");
        if (pathsEntry.isEmpty()) {
            problem(map.at(), "this ignore rule has no `paths`", example);
            pathsOk = false;
        } else if (!(pathsEntry.get().value() instanceof YamlList list) || list.items().isEmpty()) {
            problem(pathsEntry.get().value().at(), "`paths` must be a list of attribute paths, not " + pathsEntry.get().value().describe(),
                    "paths: [aws_autoscaling_group.web.desired_capacity]");
            pathsOk = false;
        } else {
            for (YamlNode pathNode : list.items()) {
                Optional<String> path = text(pathNode, "each path", "paths: [aws_autoscaling_group.web.desired_capacity]");
                if (path.isPresent() && !ATTRIBUTE_PATH.matcher(path.get()).matches()) {
                    problem(pathNode.at(), "`" + path.get() + "` is not a resource attribute path (TYPE.NAME.attribute)",
                            "paths: [aws_autoscaling_group.web.desired_capacity, aws_instance.app[0].tags.Owner]");
                    pathsOk = false;
                } else if (path.isPresent()) {
                    paths.add(path.get());
                } else {
                    pathsOk = false;
                }
            }
        }
        Optional<String> reason = map.entry("reason").flatMap(e -> text(e.value(), "reason", "reason: the autoscaler owns it"));
        if (map.entry("reason").isEmpty()) {
            problem(map.at(), "this ignore rule has no `reason`; say who owns these fields", "reason: the autoscaler owns it");
        }
        if (!pathsOk || reason.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Setting<>(new IgnoreRule(paths, reason.get()), map.at()));
    }

    // ---------------------------------------------------------------------------------------------- values

    private DependsOn dependsOn(final YamlNode value) {
        if (value instanceof Scalar scalar && "auto".equals(scalar.text()) && scalar.kind() == Scalar.Kind.STRING) {
            return new DependsOn(true, List.of(), value.at());
        }
        if (value instanceof Scalar scalar && scalar.kind() != Scalar.Kind.UNREADABLE) {
            String written = scalar.isNull() ? "network" : scalar.text();
            problem(value.at(), "`dependsOn` is a list of stack ids or the word `auto`, not " + value.describe(),
                    "dependsOn: [" + written + "]   # or, for a Pulumi stack: dependsOn: auto");
            return DependsOn.NONE;
        }
        if (!(value instanceof YamlList list)) {
            problem(value.at(), "`dependsOn` is a list of stack ids or the word `auto`, not " + value.describe(),
                    "dependsOn: [network, dns]");
            return DependsOn.NONE;
        }
        List<Setting<String>> ids = new ArrayList<>();
        for (YamlNode item : list.items()) {
            if (item instanceof Scalar scalar && "auto".equals(scalar.text())) {
                problem(item.at(), "`auto` cannot be one item of a list: it stands for all of a Pulumi stack's references",
                        "dependsOn: auto");
                continue;
            }
            text(item, "each dependsOn item", "dependsOn: [network, platform:prod]")
                    .ifPresent(id -> ids.add(new Setting<>(id, item.at())));
        }
        return new DependsOn(false, ids, value.at());
    }

    private Optional<Setting<?>> mode(final YamlNode value) {
        // `off` and `on` arrive as YAML 1.1 booleans; the word is what counts
        if (value instanceof Scalar scalar && (scalar.kind() == Scalar.Kind.STRING || scalar.kind() == Scalar.Kind.BOOLEAN)) {
            Optional<DriftMode> mode = DriftMode.fromWord(scalar.text());
            if (mode.isPresent()) {
                return Optional.of(new Setting<>(mode.get(), value.at()));
            }
            List<String> words = Stream.concat(Stream.of(DriftMode.values()).map(DriftMode::word),
                    Stream.of("enabled", "warn", "disabled", "auto", "manual", "disable")).toList();
            problem(value.at(), "`mode` is `" + scalar.text() + "`, which is not a drift mode" + didYouMean(scalar.text(), words),
                    MODE_HINT);
            return Optional.empty();
        }
        return unless(value, "`mode` must be one of correct, approve, report, off, not " + value.describe(), MODE_HINT);
    }

    private Optional<Setting<?>> tool(final YamlNode value) {
        String hint = "tool: tofu   # terraform | tofu | pulumi; leave it out to detect it from the files";
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.STRING) {
            Optional<Tool> tool = Tool.fromWord(scalar.text());
            if (tool.isPresent()) {
                return Optional.of(new Setting<>(tool.get(), value.at()));
            }
            List<String> words = Stream.of(Tool.values()).map(Tool::word).toList();
            problem(value.at(), "`tool` is `" + scalar.text() + "`, which is not a tool" + didYouMean(scalar.text(), words), hint);
            return Optional.empty();
        }
        return unless(value, "`tool` must be terraform, tofu or pulumi, not " + value.describe(), hint);
    }

    private Optional<Setting<?>> policy(final YamlNode value) {
        String hint = "policy: onChange   # onChange | onChangeOrDependency | once";
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.STRING) {
            Optional<Policy> policy = Policy.fromWord(scalar.text());
            if (policy.isPresent()) {
                return Optional.of(new Setting<>(policy.get(), value.at()));
            }
            List<String> words = Stream.of(Policy.values()).map(Policy::word).toList();
            problem(value.at(), "`policy` is `" + scalar.text() + "`, which is not a policy" + didYouMean(scalar.text(), words), hint);
            return Optional.empty();
        }
        return unless(value, "`policy` must be onChange, onChangeOrDependency or once, not " + value.describe(), hint);
    }

    private Optional<Setting<?>> duration(final YamlNode value, final String key, final boolean zeroAllowed, final String hint) {
        if (value instanceof Scalar scalar && (scalar.kind() == Scalar.Kind.STRING || scalar.kind() == Scalar.Kind.INTEGER)) {
            Optional<Duration> duration = Durations.parse(scalar.text());
            if (duration.isEmpty() && scalar.kind() == Scalar.Kind.INTEGER) {
                problem(value.at(), "`" + key + ": " + scalar.text() + "` has no unit", key + ": " + scalar.text() + "m   # s, m, h or d");
                return Optional.empty();
            }
            if (duration.isEmpty()) {
                problem(value.at(), "`" + key + "` is `" + scalar.text() + "`, which is not a duration", hint);
                return Optional.empty();
            }
            if (duration.get().isZero() && !zeroAllowed) {
                problem(value.at(), "`" + key + "` must be longer than 0", hint + "\n# to stop checking a stack: enabled: false");
                return Optional.empty();
            }
            return Optional.of(new Setting<>(duration.get(), value.at()));
        }
        return unless(value, "`" + key + "` must be a duration, not " + value.describe(), hint);
    }

    private Optional<Setting<?>> parallelism(final YamlNode value) {
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.INTEGER) {
            try {
                int parallelism = Integer.parseInt(scalar.text());
                if (parallelism >= 1 && parallelism <= MAX_PARALLELISM) {
                    return Optional.of(new Setting<>(parallelism, value.at()));
                }
            } catch (NumberFormatException e) {
                // out of int range or hex: reported below
            }
        }
        return unless(value, "`parallelism` must be a whole number from 1 to " + MAX_PARALLELISM + ", not " + value.describe(),
                "parallelism: 4   # leave it out to use the agent's cores (at most 8)");
    }

    /** How many resources a correction may change on its own; 0 is allowed and means every correction waits. */
    private Optional<Setting<?>> maxChanges(final YamlNode value) {
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.INTEGER) {
            try {
                int max = Integer.parseInt(scalar.text());
                if (max >= 0) {
                    return Optional.of(new Setting<>(max, value.at()));
                }
            } catch (NumberFormatException e) {
                // out of int range or hex: reported below
            }
        }
        return unless(value, "`maxChanges` must be a whole number of resources, 0 or more, not " + value.describe(),
                "maxChanges: 5   # mode correct waits for approval when a repair changes more resources; leave it out for no limit");
    }

    private Optional<Setting<?>> bool(final YamlNode value, final String key, final String hint) {
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.BOOLEAN) {
            boolean on = Stream.of("true", "yes", "on", "y").anyMatch(w -> w.equalsIgnoreCase(scalar.text()));
            return Optional.of(new Setting<>(on, value.at()));
        }
        return unless(value, "`" + key + "` must be true or false, not " + value.describe(), hint);
    }

    private void credentials(final YamlNode value, final Map<String, Setting<?>> into) {
        String example = "credentials:\n  AWS_ACCESS_KEY_ID: aws-prod-key   # environment variable: Jenkins credentials id";
        if (!(value instanceof YamlMap map)) {
            unless(value, "`credentials` must be a mapping of environment variable to credentials id, not " + value.describe(), example);
            return;
        }
        for (Entry entry : map.entries()) {
            if (!VARIABLE.matcher(entry.key()).matches()) {
                problem(entry.keyAt(), "`" + entry.key() + "` is not an environment variable name", example);
                continue;
            }
            text(entry.value(), "the credentials id of " + entry.key(), entry.key() + ": my-credentials-id")
                    .ifPresent(id -> into.put("credentials." + entry.key(), new Setting<>(id, entry.value().at())));
        }
    }

    private Optional<Setting<?>> outputs(final YamlNode value) {
        String example = "outputs: out/network.json\n# or, to write sensitive values too:\noutputs:\n  file: out/network.json\n"
                + "  sensitive: true";
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.STRING) {
            return directory(value, "outputs").map(file -> new Setting<>(new Outputs(file.value(), false), value.at()));
        }
        if (!(value instanceof YamlMap map)) {
            return unless(value, "`outputs` must be a file path or a mapping with `file` and `sensitive`, not " + value.describe(),
                    example);
        }
        checkKeys(map, OUTPUTS_KEYS, "outputs");
        Optional<Setting<String>> file = map.entry("file").flatMap(e -> directory(e.value(), "file"));
        if (map.entry("file").isEmpty()) {
            problem(map.at(), "`outputs` has no `file`", example);
        }
        Optional<Setting<?>> sensitive = map.entry("sensitive").flatMap(e -> bool(e.value(), "sensitive", "sensitive: true"));
        if (file.isEmpty() || map.entry("sensitive").isPresent() && sensitive.isEmpty()) {
            return Optional.empty();
        }
        boolean writeSensitive = sensitive.map(s -> (Boolean) s.value()).orElse(false);
        return Optional.of(new Setting<>(new Outputs(file.get().value(), writeSensitive), map.at()));
    }

    private Optional<String> name(final YamlNode value) {
        String hint = "name: prod   # the Pulumi stack or Terraform workspace: letters, digits, - _ .";
        if (value instanceof Scalar scalar && (scalar.kind() == Scalar.Kind.STRING || scalar.kind() == Scalar.Kind.INTEGER)) {
            if (NAME.matcher(scalar.text()).matches()) {
                return Optional.of(scalar.text());
            }
            problem(value.at(), "`name` is `" + scalar.text() + "`, which is not a stack or workspace name", hint);
            return Optional.empty();
        }
        return unless(value, "`name` must be a stack or workspace name, not " + value.describe(), hint);
    }

    /** A '/'-separated path relative to the repository root (globs allowed), normalized. */
    private Optional<Setting<String>> directory(final YamlNode value, final String key) {
        String hint = "outputs".equals(key) || "file".equals(key)
                ? key + ": out/network.json   # relative to the repository root"
                : key + ": network   # relative to the repository root; globs allowed: envs/*, legacy/**";
        Optional<String> text = text(value, "`" + key + "`", hint);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        String path = text.get().strip();
        if (path.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            // a NUL cannot be in a file name at all; other control characters only hide what the path is
            problem(value.at(), "`" + key + "` contains a control character (such as NUL); a path cannot hold one", hint);
            return Optional.empty();
        }
        if (path.contains("\\")) {
            problem(value.at(), "`" + key + "` uses `\\`; write `/` between directories", key + ": " + path.replace('\\', '/'));
            return Optional.empty();
        }
        if (path.startsWith("/") || path.matches("[A-Za-z]:.*") || path.startsWith("~")) {
            problem(value.at(), "`" + key + "` must be relative to the repository root, not `" + path + "`", hint);
            return Optional.empty();
        }
        while (path.startsWith("./")) {
            path = path.substring(2);
        }
        while (path.endsWith("/") && path.length() > 1) {
            path = path.substring(0, path.length() - 1);
        }
        path = path.replaceAll("/+", "/");
        if (path.isEmpty()) {
            path = ".";
        }
        if (Stream.of(path.split("/")).anyMatch(".."::equals)) {
            problem(value.at(), "`" + key + "` must stay inside the repository, not `" + path + "`", hint);
            return Optional.empty();
        }
        return Optional.of(new Setting<>(path, value.at()));
    }

    /** A scalar as text; numbers and words are fine, nothing/lists/mappings are not. */
    private Optional<String> text(final YamlNode value, final String what, final String hint) {
        if (value instanceof Scalar scalar && scalar.kind() != Scalar.Kind.NULL && scalar.kind() != Scalar.Kind.UNREADABLE) {
            return Optional.of(scalar.text());
        }
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.UNREADABLE) {
            return Optional.empty(); // already reported by the reader
        }
        String subject = what.startsWith("`") || what.startsWith("each") || what.startsWith("the") ? what : "`" + what + "`";
        problem(value.at(), subject + " needs a text value, not " + value.describe(), hint);
        return Optional.empty();
    }

    private List<YamlNode> list(final YamlNode value, final String key, final String hint) {
        if (value instanceof YamlList list) {
            return list.items();
        }
        unless(value, "`" + key + "` must be a list, not " + value.describe(), hint);
        return List.of();
    }

    /** Reports {@code message} unless the value was already reported as unreadable. */
    private <T> Optional<T> unless(final YamlNode value, final String message, final String hint) {
        if (!(value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.UNREADABLE)) {
            problem(value.at(), message, hint);
        }
        return Optional.empty();
    }

    private void checkKeys(final YamlMap map, final List<String> known, final String context) {
        for (Entry entry : map.entries()) {
            if (!known.contains(entry.key())) {
                problem(entry.keyAt(), "unknown key `" + entry.key() + "` in " + context + didYouMean(entry.key(), known),
                        context.substring(0, 1).toUpperCase(Locale.ROOT) + context.substring(1) + " takes: " + String.join(", ", known));
            }
        }
    }

    private static String didYouMean(final String word, final List<String> known) {
        return Spelling.closest(word, known).map(k -> "; did you mean `" + k + "`?").orElse("");
    }

    private void problem(final Location at, final String message, final String hint) {
        problems.add(at.problem(file, message, hint));
    }
}
