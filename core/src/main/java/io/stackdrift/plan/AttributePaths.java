package io.stackdrift.plan;

import java.util.regex.Pattern;

/**
 * Renders attribute paths the way rows show them: {@code tags.Name}, {@code ingress[0].cidr}, and
 * {@code tags["kubernetes.io/role"]} for keys that are not plain names.
 */
public final class AttributePaths {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    private AttributePaths() {
    }

    /** Appends a key step to {@code path}. */
    public static void appendKey(final StringBuilder path, final String key) {
        if (PLAIN.matcher(key).matches()) {
            if (path.length() > 0) {
                path.append('.');
            }
            path.append(key);
        } else {
            path.append("[\"");
            for (int i = 0; i < key.length(); i++) {
                char c = key.charAt(i);
                if (c == '"' || c == '\\') {
                    path.append('\\').append(c);
                } else if (c < 0x20 || c == 0x7f) {
                    path.append(String.format("\\u%04x", (int) c));
                } else {
                    path.append(c);
                }
            }
            path.append("\"]");
        }
    }

    /** Appends an index step to {@code path}. */
    public static void appendIndex(final StringBuilder path, final int index) {
        path.append('[').append(index).append(']');
    }
}
