package io.stackdrift.config;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration words of stacks.yaml: {@code 30s}, {@code 15m}, {@code 6h}, {@code 2d}, {@code 1h30m}; {@code 0}. */
public final class Durations {
    private static final Pattern FORM = Pattern.compile("(?:(\\d{1,6})d)?(?:(\\d{1,6})h)?(?:(\\d{1,6})m)?(?:(\\d{1,6})s)?");
    private static final long DAY = 86_400;

    private Durations() {
    }

    /** The duration a word names; empty when it is not one (units in order d, h, m, s; bare 0 allowed). */
    public static Optional<Duration> parse(final String word) {
        String text = word.strip();
        if ("0".equals(text)) {
            return Optional.of(Duration.ZERO);
        }
        Matcher matcher = FORM.matcher(text);
        if (text.isEmpty() || !matcher.matches()) {
            return Optional.empty();
        }
        long seconds = part(matcher.group(1), DAY) + part(matcher.group(2), 3600)
                + part(matcher.group(3), 60) + part(matcher.group(4), 1);
        return Optional.of(Duration.ofSeconds(seconds));
    }

    private static long part(final String digits, final long unit) {
        return digits == null ? 0 : Long.parseLong(digits) * unit;
    }

    /**
     * The shortest word for a duration, in the same notation: whole days from two days on
     * ({@code 2d}), otherwise hours, minutes and seconds ({@code 24h}, {@code 1h30m}); zero is {@code 0}.
     */
    public static String format(final Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds == 0) {
            return "0";
        }
        if (seconds % DAY == 0 && seconds >= 2 * DAY) {
            return seconds / DAY + "d";
        }
        StringBuilder word = new StringBuilder();
        append(word, seconds / 3600, "h");
        append(word, seconds % 3600 / 60, "m");
        append(word, seconds % 60, "s");
        return word.toString();
    }

    private static void append(final StringBuilder word, final long amount, final String unit) {
        if (amount > 0) {
            word.append(amount).append(unit);
        }
    }
}
