package io.stackdrift.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A compiled glob, matched in time linear in the input (input length × pattern size, never exponential):
 * a Thompson automaton run over all its states at once, instead of a backtracking regular expression. A
 * hostile pattern such as {@code *a*a*a*…b} costs the same as a plain one.
 * <p>
 * Built from a few pieces: a literal character, one character that is not {@code /}, one of any character,
 * and repetition ({@link #star}) or an optional part ({@link #optional}) of a sequence of pieces.
 */
public final class GlobMatcher {
    private static final int CHAR = 0;
    private static final int NOT_SLASH = 1;
    private static final int ANY = 2;
    private static final int SPLIT = 3;
    private static final int MATCH = 4;

    /** One piece of a pattern; sequences of pieces make a {@link GlobMatcher}. */
    public abstract static sealed class Piece permits Char, NotSlash, AnyChar, Star, Opt {
    }

    private static final class Char extends Piece {
        final char c;

        Char(final char c) {
            this.c = c;
        }
    }

    private static final class NotSlash extends Piece {
    }

    private static final class AnyChar extends Piece {
    }

    private static final class Star extends Piece {
        final List<Piece> body;

        Star(final List<Piece> body) {
            this.body = List.copyOf(body);
        }
    }

    private static final class Opt extends Piece {
        final List<Piece> body;

        Opt(final List<Piece> body) {
            this.body = List.copyOf(body);
        }
    }

    public static Piece literal(final char c) {
        return new Char(c);
    }

    /** One character other than {@code /}. */
    public static Piece notSlash() {
        return new NotSlash();
    }

    /** One character of any kind. */
    public static Piece any() {
        return new AnyChar();
    }

    /** The sequence repeated zero or more times. */
    public static Piece star(final Piece... body) {
        return new Star(List.of(body));
    }

    /** The sequence once or not at all. */
    public static Piece optional(final Piece... body) {
        return new Opt(List.of(body));
    }

    private int[] kind = new int[16];
    private char[] chars = new char[16];
    private int[] next = new int[16];
    private int[] alt = new int[16];
    private int size;
    private final int start;

    private GlobMatcher(final List<Piece> pieces) {
        int match = add(MATCH, '\0', -1, -1);
        start = compile(pieces, match);
    }

    /** The matcher of the whole input against {@code pieces} in order. */
    public static GlobMatcher of(final List<Piece> pieces) {
        return new GlobMatcher(pieces);
    }

    private int add(final int k, final char c, final int n, final int a) {
        if (size == kind.length) {
            int grown = size * 2;
            kind = Arrays.copyOf(kind, grown);
            chars = Arrays.copyOf(chars, grown);
            next = Arrays.copyOf(next, grown);
            alt = Arrays.copyOf(alt, grown);
        }
        kind[size] = k;
        chars[size] = c;
        next[size] = n;
        alt[size] = a;
        return size++;
    }

    /** Compiles {@code pieces} back to front so each state knows its successor; returns the first state. */
    private int compile(final List<Piece> pieces, final int then) {
        int state = then;
        for (int i = pieces.size() - 1; i >= 0; i--) {
            Piece piece = pieces.get(i);
            if (piece instanceof Char c) {
                state = add(CHAR, c.c, state, -1);
            } else if (piece instanceof NotSlash) {
                state = add(NOT_SLASH, '\0', state, -1);
            } else if (piece instanceof AnyChar) {
                state = add(ANY, '\0', state, -1);
            } else if (piece instanceof Star s) {
                // split: into the body (which loops back to the split) or past it
                int split = add(SPLIT, '\0', -1, state);
                int body = compile(s.body, split);
                next[split] = body; // after compiling: it may have grown the arrays
                state = split;
            } else if (piece instanceof Opt o) {
                state = add(SPLIT, '\0', compile(o.body, state), state);
            }
        }
        return state;
    }

    /** Whether the whole of {@code input} matches. */
    public boolean matches(final CharSequence input) {
        int[] current = new int[size];
        int[] following = new int[size];
        int[] seen = new int[size];
        int[] stack = new int[2 * size + 2];
        int generation = 1;
        int count = closure(start, current, 0, seen, generation, stack);
        for (int i = 0; i < input.length() && count > 0; i++) {
            char c = input.charAt(i);
            generation++;
            int nextCount = 0;
            for (int j = 0; j < count; j++) {
                int s = current[j];
                boolean step = switch (kind[s]) {
                    case CHAR -> chars[s] == c;
                    case NOT_SLASH -> c != '/';
                    case ANY -> true;
                    default -> false;
                };
                if (step) {
                    nextCount = closure(next[s], following, nextCount, seen, generation, stack);
                }
            }
            int[] swap = current;
            current = following;
            following = swap;
            count = nextCount;
        }
        for (int j = 0; j < count; j++) {
            if (kind[current[j]] == MATCH) {
                return true;
            }
        }
        return false;
    }

    /** Adds {@code from} and every state reachable from it without reading a character; each state once. */
    private int closure(final int from, final int[] set, final int count, final int[] seen, final int generation, final int[] stack) {
        int n = count;
        int top = 0;
        stack[top++] = from;
        while (top > 0) {
            int s = stack[--top];
            if (seen[s] == generation) {
                continue;
            }
            seen[s] = generation;
            if (kind[s] == SPLIT) {
                stack[top++] = alt[s];
                stack[top++] = next[s];
            } else {
                set[n++] = s;
            }
        }
        return n;
    }

    /** Pieces collected in order, for building a pattern piece by piece. */
    public static List<Piece> pieces() {
        return new ArrayList<>();
    }
}
