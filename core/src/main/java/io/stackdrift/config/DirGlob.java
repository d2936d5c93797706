package io.stackdrift.config;

import static io.stackdrift.config.GlobMatcher.literal;
import static io.stackdrift.config.GlobMatcher.notSlash;
import static io.stackdrift.config.GlobMatcher.optional;
import static io.stackdrift.config.GlobMatcher.star;

import java.util.List;

/**
 * A directory pattern of stacks.yaml, matched against '/'-separated paths relative to the repository
 * root: {@code *} and {@code ?} stay within one directory name, {@code **} spans any number of them,
 * including none ({@code legacy/**} matches {@code legacy} itself and everything under it). A pattern
 * without {@code *} or {@code ?} is a plain string comparison; the others run on a {@link GlobMatcher}, in
 * linear time whatever the pattern.
 */
final class DirGlob {
    private final String pattern;
    /** Null for an exact directory. */
    private final GlobMatcher matcher;

    private DirGlob(final String pattern) {
        this.pattern = pattern;
        this.matcher = isGlob(pattern) ? GlobMatcher.of(pieces(pattern)) : null;
    }

    static DirGlob of(final String pattern) {
        return new DirGlob(pattern);
    }

    static boolean isGlob(final String dir) {
        return dir.indexOf('*') >= 0 || dir.indexOf('?') >= 0;
    }

    boolean matches(final String dir) {
        return matcher == null ? pattern.equals(dir) : matcher.matches(dir);
    }

    @Override
    public String toString() {
        return pattern;
    }

    private static List<GlobMatcher.Piece> pieces(final String glob) {
        String[] segments = glob.split("/", -1);
        List<GlobMatcher.Piece> pieces = GlobMatcher.pieces();
        boolean needSlash = false;
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            if ("**".equals(segment)) {
                if (needSlash) {
                    // zero or more "/name"
                    pieces.add(star(literal('/'), notSlash(), star(notSlash())));
                } else if (i == segments.length - 1) {
                    // the whole pattern: nothing, or names joined by '/'
                    pieces.add(optional(notSlash(), star(notSlash()), star(literal('/'), notSlash(), star(notSlash()))));
                    needSlash = true;
                } else {
                    // leading: zero or more "name/"
                    pieces.add(star(notSlash(), star(notSlash()), literal('/')));
                }
                continue;
            }
            if (needSlash) {
                pieces.add(literal('/'));
            }
            for (char c : segment.toCharArray()) {
                pieces.add(c == '*' ? star(notSlash()) : c == '?' ? notSlash() : literal(c));
            }
            needSlash = true;
        }
        return pieces;
    }
}
