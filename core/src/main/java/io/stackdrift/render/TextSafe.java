package io.stackdrift.render;

/**
 * Makes untrusted text safe for a terminal or a log: control characters (ANSI escapes among them) and
 * bidirectional overrides are shown as {@code \\uXXXX} instead of acting on the reader's screen.
 */
final class TextSafe {
    private TextSafe() {
    }

    static String clean(final String untrusted) {
        StringBuilder out = null;
        for (int i = 0; i < untrusted.length(); i++) {
            char c = untrusted.charAt(i);
            if (isControl(c) || isBidiControl(c)) {
                if (out == null) {
                    out = new StringBuilder(untrusted.length() + 8).append(untrusted, 0, i);
                }
                out.append(String.format("\\u%04X", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? untrusted : out.toString();
    }

    static boolean hasBidiControl(final String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isBidiControl(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isControl(final char c) {
        return c < 0x20 || (c >= 0x7f && c <= 0x9f);
    }

    /** The embedding, override and isolate controls of Unicode bidi (the "Trojan Source" characters). */
    private static boolean isBidiControl(final char c) {
        return (c >= '\u202A' && c <= '\u202E') || (c >= '\u2066' && c <= '\u2069') || c == '\u200E' || c == '\u200F'
                || c == '\u061C';
    }
}
