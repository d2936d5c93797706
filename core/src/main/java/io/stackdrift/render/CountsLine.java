package io.stackdrift.render;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.stackdrift.model.Counts;

/**
 * The counts line that opens the build page, the console summary and the CLI output:
 * {@code 12 stacks · 9 in sync · 2 drifted ● · 1 pending · 0 failed}. Drifted carries an orange dot,
 * failed a red one and not deployed a yellow one when their count is not zero. Destroyed, not deployed, repaired,
 * awaiting approval and skipped are added only when present (a destroy's line says {@code 2 destroyed}, never in sync),
 * so the common line stays short. Every count of {@link Counts.Field} is in it, in that table's order.
 */
public final class CountsLine {
    static final String DOT = "\u25CF";
    private static final String SEPARATOR = " \u00B7 ";
    private static final String ORANGE = "\u001B[38;5;208m";
    private static final String RED = "\u001B[31m";
    private static final String YELLOW = "\u001B[33m";
    private static final String RESET = "\u001B[0m";
    /** Shown after the others, and only when not zero, so the common line stays short; every other count is always shown. */
    private static final List<Counts.Field> ONLY_WHEN_PRESENT = List.of(Counts.Field.DESTROYED, Counts.Field.NOT_DEPLOYED,
            Counts.Field.REPAIRED, Counts.Field.AWAITING_APPROVAL, Counts.Field.SKIPPED);

    private CountsLine() {
    }

    /**
     * The line for a log or terminal.
     *
     * @param colour true to colour the dots with ANSI escapes; the caller decides (a terminal, no {@code NO_COLOR})
     */
    public static String text(final Counts counts, final boolean colour) {
        List<String> parts = new ArrayList<>();
        for (Part part : parts(counts)) {
            String dot = switch (part.dot) {
                case NONE -> "";
                case ORANGE -> " " + (colour ? ORANGE + DOT + RESET : DOT);
                case RED -> " " + (colour ? RED + DOT + RESET : DOT);
                case YELLOW -> " " + (colour ? YELLOW + DOT + RESET : DOT);
            };
            parts.add(part.words + dot);
        }
        return String.join(SEPARATOR, parts);
    }

    /** The line as an HTML fragment ({@code <p class="sd-counts">}). */
    public static String html(final Counts counts) {
        StringBuilder out = new StringBuilder("<p class=\"sd-counts\">");
        boolean first = true;
        for (Part part : parts(counts)) {
            if (!first) {
                out.append("<span class=\"sd-sep\" aria-hidden=\"true\">").append(SEPARATOR).append("</span>");
            }
            first = false;
            out.append("<span class=\"sd-count sd-count-").append(part.key);
            if (part.value == 0) {
                out.append(" sd-zero");
            }
            out.append("\"><strong>").append(part.value).append("</strong>")
                    .append(part.words.substring(String.valueOf(part.value).length()));
            if (part.dot != Dot.NONE) {
                String dot = switch (part.dot) {
                    case RED -> "failed";
                    case YELLOW -> "not-deployed";
                    default -> "drifted";
                };
                out.append(" <span class=\"sd-dot sd-dot-").append(dot)
                        .append("\" aria-hidden=\"true\">").append(DOT).append("</span>");
            }
            out.append("</span>");
        }
        return out.append("</p>").toString();
    }

    private enum Dot { NONE, ORANGE, RED, YELLOW }

    private record Part(String key, int value, String words, Dot dot) {
    }

    private static List<Part> parts(final Counts counts) {
        List<Part> parts = new ArrayList<>();
        for (Counts.Field field : Counts.Field.values()) {
            if (!ONLY_WHEN_PRESENT.contains(field)) {
                parts.add(part(field, counts));
            }
        }
        for (Counts.Field field : ONLY_WHEN_PRESENT) {
            if (field.of(counts) > 0) {
                parts.add(part(field, counts));
            }
        }
        return parts;
    }

    private static Part part(final Counts.Field field, final Counts counts) {
        int value = field.of(counts);
        Dot dot = value == 0 ? Dot.NONE : switch (field) {
            case DRIFTED -> Dot.ORANGE;
            case FAILED -> Dot.RED;
            case NOT_DEPLOYED -> Dot.YELLOW;
            default -> Dot.NONE;
        };
        // the key as a CSS class: inSync -> in-sync
        return new Part(field.key().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT), value, field.words(value), dot);
    }
}
