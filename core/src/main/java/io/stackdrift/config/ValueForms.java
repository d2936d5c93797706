package io.stackdrift.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.stackdrift.config.YamlNode.Entry;
import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlList;
import io.stackdrift.config.YamlNode.YamlMap;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Tool;

/**
 * The forms a single value of stacks.yaml can take (words, durations, numbers, booleans, names, paths, text,
 * lists), shared by every section. Each form either returns the value with its position or reports one problem
 * with a hint and returns nothing, so that parsing goes on and one run reports every problem.
 */
final class ValueForms {
    static final int MAX_PARALLELISM = 64;
    static final String REAPPLY_HINT = "reapply: 60m   # 30s, 15m, 6h, 2d, 1h30m; 0 = never";

    private static final String MODE_HINT = "mode: report   # correct | approve | report | off";
    private static final String NAME_HINT = "name: prod   # the Pulumi stack or Terraform workspace: letters, digits, - _ .";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    private final String file;
    private final List<Problem> problems;

    ValueForms(final String file, final List<Problem> problems) {
        this.file = file;
        this.problems = problems;
    }

    Optional<Setting<DriftMode>> mode(final YamlNode value) {
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

    Optional<Setting<Tool>> tool(final YamlNode value) {
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

    Optional<Setting<Policy>> policy(final YamlNode value) {
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

    /** Whether a duration of zero is a value of its own ({@code reapply: 0} = never) or a mistake ({@code every: 0}). */
    enum Zero { ALLOWED, REFUSED }

    Optional<Setting<Duration>> duration(final YamlNode value, final String key, final Zero zero, final String hint) {
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
            if (duration.get().isZero() && zero == Zero.REFUSED) {
                problem(value.at(), "`" + key + "` must be longer than 0", hint + "\n# to stop checking a stack: enabled: false");
                return Optional.empty();
            }
            return Optional.of(new Setting<>(duration.get(), value.at()));
        }
        return unless(value, "`" + key + "` must be a duration, not " + value.describe(), hint);
    }

    Optional<Setting<Integer>> parallelism(final YamlNode value) {
        Optional<Integer> number = wholeNumber(value).filter(n -> n >= 1 && n <= MAX_PARALLELISM);
        if (number.isPresent()) {
            return Optional.of(new Setting<>(number.get(), value.at()));
        }
        return unless(value, "`parallelism` must be a whole number from 1 to " + MAX_PARALLELISM + ", not " + value.describe(),
                "parallelism: 4   # leave it out to use the agent's cores (at most 8)");
    }

    /** How many resources a correction may change on its own; 0 is allowed and means every correction waits. */
    Optional<Setting<Integer>> maxChanges(final YamlNode value) {
        Optional<Integer> number = wholeNumber(value).filter(n -> n >= 0);
        if (number.isPresent()) {
            return Optional.of(new Setting<>(number.get(), value.at()));
        }
        return unless(value, "`maxChanges` must be a whole number of resources, 0 or more, not " + value.describe(),
                "maxChanges: 5   # mode correct waits for approval when a repair changes more resources; leave it out for no limit");
    }

    private static Optional<Integer> wholeNumber(final YamlNode value) {
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.INTEGER) {
            try {
                return Optional.of(Integer.parseInt(scalar.text()));
            } catch (NumberFormatException e) {
                return Optional.empty(); // out of int range or hex: the caller reports it
            }
        }
        return Optional.empty();
    }

    Optional<Setting<Boolean>> bool(final YamlNode value, final String key, final String hint) {
        if (value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.BOOLEAN) {
            boolean on = Stream.of("true", "yes", "on", "y").anyMatch(w -> w.equalsIgnoreCase(scalar.text()));
            return Optional.of(new Setting<>(on, value.at()));
        }
        return unless(value, "`" + key + "` must be true or false, not " + value.describe(), hint);
    }

    Optional<String> name(final YamlNode value) {
        if (value instanceof Scalar scalar && (scalar.kind() == Scalar.Kind.STRING || scalar.kind() == Scalar.Kind.INTEGER)) {
            if (NAME.matcher(scalar.text()).matches()) {
                return Optional.of(scalar.text());
            }
            problem(value.at(), "`name` is `" + scalar.text() + "`, which is not a stack or workspace name", NAME_HINT);
            return Optional.empty();
        }
        return unless(value, "`name` must be a stack or workspace name, not " + value.describe(), NAME_HINT);
    }

    /** A '/'-separated path relative to the repository root (globs allowed), normalized. */
    Optional<Setting<String>> directory(final YamlNode value, final String key) {
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
        path = normalized(path);
        if (Stream.of(path.split("/")).anyMatch(".."::equals)) {
            problem(value.at(), "`" + key + "` must stay inside the repository, not `" + path + "`", hint);
            return Optional.empty();
        }
        return Optional.of(new Setting<>(path, value.at()));
    }

    /** Without leading "./", trailing '/' and repeated '/'; "." for the root. */
    private static String normalized(final String written) {
        String path = written;
        while (path.startsWith("./")) {
            path = path.substring(2);
        }
        while (path.endsWith("/") && path.length() > 1) {
            path = path.substring(0, path.length() - 1);
        }
        path = path.replaceAll("/+", "/");
        return path.isEmpty() ? "." : path;
    }

    /** A scalar as text; numbers and words are fine, nothing/lists/mappings are not. */
    Optional<String> text(final YamlNode value, final String what, final String hint) {
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

    List<YamlNode> list(final YamlNode value, final String key, final String hint) {
        if (value instanceof YamlList list) {
            return list.items();
        }
        unless(value, "`" + key + "` must be a list, not " + value.describe(), hint);
        return List.of();
    }

    /** Reports {@code message} unless the value was already reported as unreadable. */
    <T> Optional<T> unless(final YamlNode value, final String message, final String hint) {
        if (!(value instanceof Scalar scalar && scalar.kind() == Scalar.Kind.UNREADABLE)) {
            problem(value.at(), message, hint);
        }
        return Optional.empty();
    }

    void checkKeys(final YamlMap map, final List<String> known, final String context) {
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

    void problem(final Location at, final String message, final String hint) {
        problems.add(at.problem(file, message, hint));
    }
}
