package io.stackdrift.render;

/**
 * The one rule for untrusted text (resource names, paths, ids, reasons: they come from tool output and files) in
 * every output a person reads — the terminal, logs, the text table and the HTML pages (docs/report.md): a character
 * that acts instead of showing — a control character (ANSI escapes among them), U+2028/U+2029, or any Unicode format
 * character (direction overrides and isolates, zero-width characters, the byte order mark) — is shown as its
 * {@code \\uXXXX} code, so it can neither move the cursor nor reorder or hide text. HTML encoding comes on top.
 */
public final class TextSafe {
    private TextSafe() {
    }

    /** {@code untrusted} with every acting character written as {@code \\uXXXX} (more hex digits above U+FFFF). */
    public static String clean(final String untrusted) {
        StringBuilder out = null;
        int i = 0;
        while (i < untrusted.length()) {
            int c = untrusted.codePointAt(i);
            int width = Character.charCount(c);
            if (acts(c)) {
                if (out == null) {
                    out = new StringBuilder(untrusted.length() + 8).append(untrusted, 0, i);
                }
                out.append(String.format("\\u%04X", c));
            } else if (out != null) {
                out.appendCodePoint(c);
            }
            i += width;
        }
        return out == null ? untrusted : out.toString();
    }

    /** Whether a code point acts on the reader's screen rather than showing as a glyph. */
    static boolean acts(final int codePoint) {
        return Character.isISOControl(codePoint) || codePoint == 0x2028 || codePoint == 0x2029
                || Character.getType(codePoint) == Character.FORMAT;
    }
}
