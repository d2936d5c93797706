package io.stackdrift.ownership;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An attribute path as rows and {@code ignore_changes} write it: {@code tags.Name}, {@code tags["Name"]},
 * {@code root_block_device[0].volume_size}. Parsed into steps so that two spellings of the same path
 * compare equal and a path can be walked through a provider schema.
 */
public record AttributePath(List<Step> steps) {
    /** One step: an attribute or block name ({@code .x}), a string key ({@code ["x"]}) or a number ({@code [0]}). */
    public record Step(Kind kind, String text) {
        public enum Kind {
            NAME,
            KEY,
            INDEX
        }

        public Step {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(text, "text");
        }

        /** {@code .name} and {@code ["name"]} select the same thing in a map or object. */
        boolean sameAs(final Step other) {
            boolean thisString = kind != Kind.INDEX;
            boolean otherString = other.kind != Kind.INDEX;
            return thisString == otherString && text.equals(other.text);
        }

        public boolean isIndex() {
            return kind == Kind.INDEX;
        }
    }

    public AttributePath {
        steps = List.copyOf(steps);
    }

    /** Parses a path; empty when it is not one (the caller decides whether that is an error). */
    public static Optional<AttributePath> parse(final String text) {
        List<Step> steps = new ArrayList<>();
        int i = 0;
        int n = text.length();
        boolean expectName = true;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '[') {
                int close;
                if (i + 1 < n && text.charAt(i + 1) == '"') {
                    StringBuilder key = new StringBuilder();
                    int j = i + 2;
                    // HCL string syntax, the inverse of escapeHclString: \" \\ \n \r \t, and $${ %%{ for literal ${ %{
                    while (j < n && text.charAt(j) != '"') {
                        char k = text.charAt(j);
                        if (k == '\\' && j + 1 < n) {
                            char e = text.charAt(j + 1);
                            key.append(e == 'n' ? '\n' : e == 'r' ? '\r' : e == 't' ? '\t' : e);
                            j += 2;
                        } else if ((k == '$' || k == '%') && text.startsWith(k + "" + k + "{", j)) {
                            key.append(k).append('{');
                            j += 3;
                        } else {
                            key.append(k);
                            j++;
                        }
                    }
                    if (j + 1 >= n || text.charAt(j + 1) != ']') {
                        return Optional.empty();
                    }
                    steps.add(new Step(Step.Kind.KEY, key.toString()));
                    close = j + 1;
                } else {
                    close = text.indexOf(']', i);
                    if (close < 0) {
                        return Optional.empty();
                    }
                    String number = text.substring(i + 1, close);
                    if (!number.matches("\\d+")) {
                        return Optional.empty();
                    }
                    steps.add(new Step(Step.Kind.INDEX, number));
                }
                i = close + 1;
                expectName = false;
            } else if (c == '.' && !expectName && !steps.isEmpty()) {
                i++;
                expectName = true;
                if (i >= n) {
                    return Optional.empty();
                }
            } else if (expectName && isNameStart(c)) {
                int j = i;
                while (j < n && isNamePart(text.charAt(j))) {
                    j++;
                }
                steps.add(new Step(Step.Kind.NAME, text.substring(i, j)));
                i = j;
                expectName = false;
            } else {
                return Optional.empty();
            }
        }
        return steps.isEmpty() || steps.get(0).kind() != Step.Kind.NAME ? Optional.empty() : Optional.of(new AttributePath(steps));
    }

    /** True when this path is {@code other} or lies inside it ({@code tags.Name} within {@code tags}). */
    public boolean isWithin(final AttributePath other) {
        if (other.steps.size() > steps.size()) {
            return false;
        }
        for (int i = 0; i < other.steps.size(); i++) {
            if (!steps.get(i).sameAs(other.steps.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The path as an {@code ignore_changes} element writes it. */
    public String toHcl() {
        StringBuilder out = new StringBuilder();
        for (Step step : steps) {
            switch (step.kind()) {
                case NAME -> {
                    if (out.length() > 0) {
                        out.append('.');
                    }
                    out.append(step.text());
                }
                case INDEX -> out.append('[').append(step.text()).append(']');
                case KEY -> out.append("[\"").append(escapeHclString(step.text())).append("\"]");
                default -> throw new IllegalStateException();
            }
        }
        return out.toString();
    }

    /** Quotes and backslashes escaped; template sequences (<code>${</code>, <code>%{</code>) doubled so they stay literal. */
    static String escapeHclString(final String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "$${").replace("%{", "%%{")
                .replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
    }

    static boolean isNameStart(final char c) {
        return Character.isLetter(c) || c == '_';
    }

    static boolean isNamePart(final char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-';
    }

    @Override
    public String toString() {
        return toHcl();
    }
}
