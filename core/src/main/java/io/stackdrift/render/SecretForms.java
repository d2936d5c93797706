package io.stackdrift.render;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The forms a secret value takes in what a tool or a shell prints, the forms Jenkins's credentials-binding masks
 * in a build log and more: the value itself; its base64 (standard and URL alphabets) wherever it starts in the encoded
 * stream, with or without its last, partly filled character; single-quoted for a POSIX shell ({@code 'it'\''s'},
 * bare and in quotes) and for ash ({@code 'it'"'"'s'}); with its backslashes (or, for cmd, carets) taken as
 * escapes; with each {@code $} doubled, as Jenkins writes a literal dollar; its UTF-8 bytes in hex (lower and upper
 * case). Derived forms shorter than {@value #SHORTEST_FORM} characters are left out: they would mask common words.
 * {@link #escaped} is the one form that is a pattern, not a string: each character as it is, percent-encoded (as a URL
 * or a form carries it: either case of hex, a space as {@code %20} or {@code +}) or JSON-escaped (a quote, a backslash or
 * a slash after a backslash, {@code \n} and the like, a u-escape in either case), in any mix — a password in a database
 * URL, a token in a JSON error body.
 */
final class SecretForms {
    static final int SHORTEST_FORM = 3;
    /** A part of a secret between quotes shorter than this is left out: it would mask common words. */
    static final int SHORTEST_PART = 4;
    /** The characters that open or close quoted text in a tool's message (as {@code FailureReasons} reads them). */
    private static final String QUOTES = "\"'`\u2018\u2019\u201C\u201D\u00AB\u00BB";
    /** Bits per base64 character. */
    private static final int BITS = 6;

    private SecretForms() {
    }

    static List<String> of(final String secret) {
        Set<String> forms = new LinkedHashSet<>();
        for (int offset = 0; offset < 3; offset++) {
            forms.addAll(base64(secret, offset, Base64.getEncoder()));
            forms.addAll(base64(secret, offset, Base64.getUrlEncoder()));
        }
        String posix = secret.replace("'", "'\\''");
        forms.add(posix);
        forms.add("'" + posix + "'");
        forms.add(ash(secret));
        forms.add(unescaped(secret, '\\'));
        forms.add(unescaped(secret, '^'));
        forms.add(secret.replace("$", "$$"));
        String hex = HexFormat.of().formatHex(secret.getBytes(StandardCharsets.UTF_8));
        forms.add(hex);
        forms.add(hex.toUpperCase(Locale.ROOT));
        forms.removeIf(form -> form.length() < SHORTEST_FORM);
        // the value itself is masked whatever its length
        forms.add(secret);
        return List.copyOf(forms);
    }

    /**
     * A regular expression of the value with each character as it is, percent-encoded or JSON-escaped, in any mix; it
     * matches the value itself, and nothing shorter.
     */
    static String escaped(final String secret) {
        StringBuilder out = new StringBuilder("(?:");
        secret.codePoints().forEach(cp -> {
            String ch = new String(Character.toChars(cp));
            out.append("(?:").append(literal(cp));
            // its UTF-8 bytes, each percent-encoded, in sequence
            out.append('|');
            for (byte b : ch.getBytes(StandardCharsets.UTF_8)) {
                percent(out, b & 0xff);
            }
            if (cp == ' ') {
                out.append("|\\+");
            }
            out.append('|');
            for (char unit : ch.toCharArray()) {
                out.append("\\\\u");
                hexDigits(out, unit, 4);
            }
            String shortEscape = switch (cp) {
                case '"' -> "\"";
                case '\\' -> "\\";
                case '/' -> "/";
                case '\b' -> "b";
                case '\f' -> "f";
                case '\n' -> "n";
                case '\r' -> "r";
                case '\t' -> "t";
                default -> "";
            };
            if (!shortEscape.isEmpty()) {
                out.append("|\\\\").append(literal(shortEscape.codePointAt(0)));
            }
            out.append(')');
        });
        return out.append(')').toString();
    }

    /**
     * The parts of a secret between the characters a tool's message quotes with (the ones a reason cuts quoted text
     * at), each of at least {@value #SHORTEST_PART} characters; none when it has no such character.
     */
    static List<String> betweenQuotes(final String secret) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= secret.length(); i++) {
            if (i == secret.length() || QUOTES.indexOf(secret.charAt(i)) >= 0) {
                if (i - start >= SHORTEST_PART && !(start == 0 && i == secret.length())) {
                    parts.add(secret.substring(start, i));
                }
                start = i + 1;
            }
        }
        return parts;
    }

    /** One code point as a pattern that matches it alone. */
    private static String literal(final int cp) {
        return Character.isLetterOrDigit(cp) && cp < 0x80 ? new String(Character.toChars(cp)) : "\\x{" + Integer.toHexString(cp) + "}";
    }

    private static void percent(final StringBuilder out, final int octet) {
        out.append('%');
        hexDigits(out, octet, 2);
    }

    /** {@code value} as {@code digits} hex digits, each letter in either case. */
    private static void hexDigits(final StringBuilder out, final int value, final int digits) {
        for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) {
            char digit = Character.forDigit((value >> shift) & 0xf, 16);
            out.append(Character.isLetter(digit) ? "[" + digit + Character.toUpperCase(digit) + "]" : String.valueOf(digit));
        }
    }

    /**
     * The characters of the base64 of {@code secret} that depend on it alone when it follows {@code offset} other bytes
     * in the encoded stream: the leading characters that mix in those bytes are dropped; with and without the last
     * character, which mixes in whatever follows (or the padding).
     */
    private static List<String> base64(final String secret, final int offset, final Base64.Encoder encoder) {
        byte[] value = secret.getBytes(StandardCharsets.UTF_8);
        byte[] shifted = new byte[offset + value.length];
        System.arraycopy(value, 0, shifted, offset, value.length);
        String encoded = encoder.encodeToString(shifted);
        String body = encoded.substring((offset * Byte.SIZE + BITS - 1) / BITS);
        int padding = body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0;
        String whole = body.substring(0, body.length() - padding);
        return padding == 0 ? List.of(body) : List.of(body, whole.substring(0, Math.max(0, whole.length() - 1)));
    }

    /** The ash form: each run of single quotes closed, double-quoted and reopened. */
    private static String ash(final String secret) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < secret.length()) {
            if (secret.charAt(i) != '\'') {
                out.append(secret.charAt(i++));
                continue;
            }
            int end = i;
            while (end < secret.length() && secret.charAt(end) == '\'') {
                end++;
            }
            out.append("'\"").append(secret, i, end).append("\"'");
            i = end;
        }
        return out.toString();
    }

    /** The value as an interpreter reads it when {@code escape} escapes the next character. */
    private static String unescaped(final String secret, final char escape) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < secret.length(); i++) {
            char c = secret.charAt(i);
            if (c == escape && i + 1 < secret.length()) {
                out.append(secret.charAt(++i));
            } else if (c != escape) {
                out.append(c);
            }
        }
        return out.toString();
    }
}
