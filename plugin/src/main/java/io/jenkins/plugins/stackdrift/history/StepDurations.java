package io.jenkins.plugins.stackdrift.history;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duration words of the steps' {@code lockTimeout}: {@code 90s}, {@code 30m}, {@code 2h}, {@code 1h30m}, and
 * {@code 0} for "no limit" (the same notation as stacks.yaml; the plugin keeps its own copy, it never reads
 * configuration code of the core).
 */
public final class StepDurations {
    private static final Pattern FORM = Pattern.compile("(?:(\\d{1,5})h)?(?:(\\d{1,6})m)?(?:(\\d{1,7})s)?");

    private StepDurations() {
    }

    /** The duration a word names; empty when it is not one (units in the order h, m, s). */
    public static Optional<Duration> parse(final String word) {
        String text = word.strip();
        if ("0".equals(text)) {
            return Optional.of(Duration.ZERO);
        }
        Matcher matcher = FORM.matcher(text);
        if (text.isEmpty() || !matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofSeconds(part(matcher.group(1), 3600) + part(matcher.group(2), 60) + part(matcher.group(3), 1)));
    }

    /** The shortest word for a duration, in the same notation ({@code 1h30m}); zero is {@code 0}. */
    public static String format(final Duration duration) {
        long seconds = duration.getSeconds();
        if (seconds == 0) {
            return "0";
        }
        StringBuilder word = new StringBuilder();
        append(word, seconds / 3600, "h");
        append(word, seconds % 3600 / 60, "m");
        append(word, seconds % 60, "s");
        return word.toString();
    }

    private static long part(final String digits, final long unit) {
        return digits == null ? 0 : Long.parseLong(digits) * unit;
    }

    private static void append(final StringBuilder word, final long amount, final String unit) {
        if (amount > 0) {
            word.append(amount).append(unit);
        }
    }
}
