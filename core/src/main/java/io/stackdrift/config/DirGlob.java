package io.stackdrift.config;

import java.util.regex.Pattern;

/**
 * A directory pattern of stacks.yaml, matched against '/'-separated paths relative to the repository
 * root: {@code *} and {@code ?} stay within one directory name, {@code **} spans any number of them,
 * including none ({@code legacy/**} matches {@code legacy} itself and everything under it).
 */
final class DirGlob {
    private final String pattern;
    private final Pattern regex;

    private DirGlob(final String pattern) {
        this.pattern = pattern;
        this.regex = Pattern.compile(toRegex(pattern));
    }

    static DirGlob of(final String pattern) {
        return new DirGlob(pattern);
    }

    static boolean isGlob(final String dir) {
        return dir.indexOf('*') >= 0 || dir.indexOf('?') >= 0;
    }

    boolean matches(final String dir) {
        return regex.matcher(dir).matches();
    }

    @Override
    public String toString() {
        return pattern;
    }

    private static String toRegex(final String glob) {
        if (".".equals(glob)) {
            return "\\.";
        }
        String[] segments = glob.split("/", -1);
        StringBuilder regex = new StringBuilder();
        boolean needSlash = false;
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if ("**".equals(segment)) {
                if (needSlash) {
                    regex.append("(?:/[^/]+)*");
                } else if (i == segments.length - 1) {
                    regex.append("(?:[^/]+(?:/[^/]+)*)?");
                    needSlash = true;
                } else {
                    regex.append("(?:[^/]+/)*");
                }
                continue;
            }
            if (needSlash) {
                regex.append('/');
            }
            regex.append(segmentRegex(segment));
            needSlash = true;
        }
        return regex.toString();
    }

    private static String segmentRegex(final String segment) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : segment.toCharArray()) {
            if (c == '*' || c == '?') {
                regex.append(Pattern.quote(literal.toString()));
                literal.setLength(0);
                regex.append(c == '*' ? "[^/]*" : "[^/]");
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return regex.toString();
    }
}
