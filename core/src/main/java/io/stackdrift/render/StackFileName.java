package io.stackdrift.render;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import io.stackdrift.model.StackId;

/**
 * A safe, distinct file name (without extension) for a stack's page. Stack ids contain {@code :} and
 * {@code /} and come from tool output, so every character outside {@code [A-Za-z0-9._-]} is written as
 * {@code ~XX} (or {@code ~uXXXX} above U+00FF; {@code ~} itself included) — distinct ids stay distinct. A leading
 * dot is encoded too (no {@code .} / {@code ..} / hidden files). Very long ids are cut and given a hash
 * so the name stays under file-system limits.
 */
public final class StackFileName {
    private static final int MAX_LENGTH = 120;

    private StackFileName() {
    }

    public static String of(final StackId id) {
        StringBuilder out = new StringBuilder();
        String value = id.value();
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '_' || (c == '.' && i > 0);
            if (plain) {
                out.append(c);
            } else if (c < 0x100) {
                out.append('~').append(String.format("%02X", (int) c));
            } else {
                // UTF-16 units, not bytes: a lone surrogate must stay distinct too
                out.append("~u").append(String.format("%04X", (int) c));
            }
        }
        if (out.length() <= MAX_LENGTH) {
            return out.toString();
        }
        return out.substring(0, MAX_LENGTH - 17) + "-" + sha256(out.toString()).substring(0, 16);
    }

    private static String sha256(final String value) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
