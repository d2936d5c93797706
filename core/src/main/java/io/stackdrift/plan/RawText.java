package io.stackdrift.plan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A JSON string's content as the file holds it: the UTF-8 bytes between the quotes, escapes not yet decoded
 * ({@link ByteJsonParser#rawText}). Only well-formed strings become raw text (strict UTF-8, known escapes), so two of
 * them hold the same text exactly when their bytes are equal or, where either holds an escape, their decoded texts
 * are: the plan's values are compared without a {@code String} each, and never shown.
 */
final class RawText {
    private RawText() {
    }

    /** Whether the two contents decode to the same text. */
    static boolean same(final byte[] a, final byte[] b) {
        if (Arrays.equals(a, b)) {
            return true;
        }
        // without an escape the UTF-8 bytes are the text: different bytes, different text
        return (hasEscape(a, 0, a.length) || hasEscape(b, 0, b.length)) && decode(a, 0, a.length).equals(decode(b, 0, b.length));
    }

    static boolean hasEscape(final byte[] bytes, final int from, final int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\\') {
                return true;
            }
        }
        return false;
    }

    /** The text of well-formed content (escapes as JSON defines them; a lone surrogate escape stays one char). */
    static String decode(final byte[] bytes, final int from, final int to) {
        int escape = -1;
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\\') {
                escape = i;
                break;
            }
        }
        if (escape < 0) {
            return new String(bytes, from, to - from, StandardCharsets.UTF_8);
        }
        StringBuilder text = new StringBuilder(to - from);
        int start = from;
        int i = escape;
        while (i < to) {
            if (bytes[i] != '\\') {
                i++;
                continue;
            }
            text.append(new String(bytes, start, i - start, StandardCharsets.UTF_8));
            byte kind = bytes[i + 1];
            i += 2;
            switch (kind) {
                case 'b' -> text.append('\b');
                case 'f' -> text.append('\f');
                case 'n' -> text.append('\n');
                case 'r' -> text.append('\r');
                case 't' -> text.append('\t');
                case 'u' -> {
                    text.append((char) Integer.parseInt(new String(bytes, i, 4, StandardCharsets.ISO_8859_1), 16));
                    i += 4;
                }
                default -> text.append((char) kind); // " \ and /
            }
            start = i;
        }
        text.append(new String(bytes, start, to - start, StandardCharsets.UTF_8));
        return text.toString();
    }
}
