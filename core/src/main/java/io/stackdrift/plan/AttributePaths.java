package io.stackdrift.plan;

/**
 * Renders attribute paths the way rows show them: {@code tags.Name}, {@code ingress[0].cidr}, and
 * {@code tags["kubernetes.io/role"]} for keys that are not plain names.
 */
public final class AttributePaths {
    private AttributePaths() {
    }

    /** Appends a key step to {@code path}. */
    public static void appendKey(final StringBuilder path, final String key) {
        if (isPlain(key)) {
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

    /** A name that needs no quoting: {@code [A-Za-z_][A-Za-z0-9_-]*}, checked by hand (this runs per emitted step). */
    static boolean isPlain(final String key) {
        if (key.isEmpty()) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean letter = c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_';
            if (!letter && (i == 0 || !(c >= '0' && c <= '9' || c == '-'))) {
                return false;
            }
        }
        return true;
    }

    /** Appends an index step to {@code path}. */
    public static void appendIndex(final StringBuilder path, final int index) {
        path.append('[').append(index).append(']');
    }
}
