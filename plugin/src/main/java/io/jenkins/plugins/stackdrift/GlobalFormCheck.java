package io.jenkins.plugins.stackdrift;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;


/**
 * The checks a submitted Manage Jenkins → System form passes before anything of it is applied: the first value
 * that cannot be saved, with its field, so the page shows a form error at that field instead of an error page
 * (with other sections perhaps already applied). Plain strings in, so it is tested without Jenkins.
 */
final class GlobalFormCheck {
    /** The result words the form offers, in the order of the select. */
    static final List<String> RESULT_WORDS = List.of("SUCCESS", "UNSTABLE", "FAILURE");
    /** How long a shard waits for another shard whose step has not started, when neither step nor setting says. */
    static final Duration DEFAULT_SHARD_START = Duration.ofMinutes(10);
    /** The form's (and JCasC's) group of {@link Durability}'s fields. */
    static final String DURABILITY = "durability";

    private GlobalFormCheck() {
    }

    /** One submitted value that cannot be saved, and the form field it came from. */
    record FieldProblem(String field, String message) {
    }

    /** @param submitted the submitted value of a field, or null when the form did not send it */
    static Optional<FieldProblem> firstProblem(final Function<String, String> submitted) {
        String parallelism = submitted.apply("defaultParallelism");
        if (parallelism != null && !parallelism.isBlank() && !isNonNegativeInteger(parallelism.trim())) {
            return Optional.of(new FieldProblem("defaultParallelism", Messages.invalidParallelism(parallelism.trim())));
        }
        for (String field : List.of("defaultDriftResult", "defaultFailedResult")) {
            Optional<String> problem = BuildResultPolicy.problemWith(submitted.apply(field));
            if (problem.isPresent()) {
                return Optional.of(new FieldProblem(field, problem.get()));
            }
        }
        Optional<String> timeout = toolTimeoutProblem(submitted.apply("toolTimeout"));
        if (timeout.isPresent()) {
            return Optional.of(new FieldProblem("toolTimeout", timeout.get()));
        }
        Optional<String> start = shardStartProblem(submitted.apply("shardStartTimeout"));
        if (start.isPresent()) {
            return Optional.of(new FieldProblem("shardStartTimeout", start.get()));
        }
        Optional<String> reconnect = Durability.problem("agentReconnectTimeout",
                submitted.apply(DURABILITY + ".agentReconnectTimeout"), Durability.DEFAULT_RECONNECT);
        if (reconnect.isPresent()) {
            return Optional.of(new FieldProblem("agentReconnectTimeout", reconnect.get()));
        }
        return Durability.problem("toolStopGrace", submitted.apply(DURABILITY + ".toolStopGrace"), Durability.DEFAULT_GRACE)
                .map(grace -> new FieldProblem("toolStopGrace", grace));
    }

    /**
     * The submitted value at {@code path} of a form's JSON ({@code toolTimeout}, or {@code durability.toolStopGrace} in
     * the durability group), as text; null when the form did not send it.
     */
    static String submitted(final Map<?, ?> json, final String path) {
        int dot = path.indexOf('.');
        Object holder = dot < 0 ? json : json.get(path.substring(0, dot));
        String name = path.substring(dot + 1);
        if (holder instanceof Map<?, ?> fields && fields.containsKey(name)) {
            Object value = fields.get(name);
            return value == null ? null : value.toString();
        }
        return null;
    }

    /** Why a tool timeout cannot be saved; empty for a duration, blank or null. */
    static Optional<String> toolTimeoutProblem(final String word) {
        if (word == null || word.isBlank() || StepDurations.parse(word.strip()).isPresent()) {
            return Optional.empty();
        }
        return Optional.of(Messages.invalidToolTimeout(word.strip()));
    }

    /** The shortest words of a tool timeout ({@code 1h30m}); blank for blank or 0. */
    static String toolTimeoutWords(final String word) {
        Duration timeout = toolTimeout(word);
        return timeout.isZero() ? "" : StepDurations.format(timeout);
    }

    /** Why a shard start timeout cannot be saved; empty for a duration, blank or null. */
    static Optional<String> shardStartProblem(final String word) {
        if (word == null || word.isBlank() || StepDurations.parse(word.strip()).isPresent()) {
            return Optional.empty();
        }
        return Optional.of("shardStartTimeout '" + word.strip() + "' is not a duration: use for example 5m, 10m or 1h "
                + "(0: no limit of its own; blank: 10m)");
    }

    /** The shard start limit {@code words} set: blank (or unreadable) is {@link #DEFAULT_SHARD_START}. */
    static Duration shardStartLimit(final String words) {
        return words.isBlank() ? DEFAULT_SHARD_START : StepDurations.parse(words).orElse(DEFAULT_SHARD_START);
    }

    /** The shortest words of a shard start timeout ({@code 10m}, {@code 0}); blank for blank; an invalid word is refused. */
    static String shardStartWords(final String word) {
        if (word == null || word.isBlank()) {
            return "";
        }
        return StepDurations.format(StepDurations.parse(word.strip())
                .orElseThrow(() -> new IllegalArgumentException(shardStartProblem(word).orElseThrow())));
    }

    /** The tool timeout the words name; zero for blank or 0; an invalid word is refused with the message. */
    static Duration toolTimeout(final String word) {
        if (word == null || word.isBlank()) {
            return Duration.ZERO;
        }
        return StepDurations.parse(word.strip())
                .orElseThrow(() -> new IllegalArgumentException(Messages.invalidToolTimeout(word.strip())));
    }

    private static boolean isNonNegativeInteger(final String text) {
        try {
            return Integer.parseInt(text) >= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Ids or scopes from a text area (one per line, or separated by commas and blanks) or a JCasC list. */
    static ArrayList<String> idWords(final List<String> elements) {
        ArrayList<String> words = new ArrayList<>();
        for (String element : elements == null ? List.<String>of() : elements) {
            for (String word : element.split("[\\s,]+", -1)) {
                if (!word.isEmpty()) {
                    words.add(word);
                }
            }
        }
        return words;
    }
}
