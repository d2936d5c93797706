package io.stackdrift.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import io.stackdrift.config.GlobMatcher;
import io.stackdrift.model.StackId;

/**
 * The {@code stacks} selection of a step or {@code --stacks}: stack ids or globs over ids. {@code *} and
 * {@code ?} stay within one path segment ({@code envs/*} matches {@code envs/prod}, not
 * {@code envs/prod/eu}); {@code **} crosses segments. An empty list selects every stack; a list of only
 * blank patterns selects none and is a problem (see {@link #of}).
 *
 * <p>Selecting a stack does not select what it depends on (a deploy of x alone must not deploy y); see
 * {@link StackGraph#restrictTo} for how the order between selected stacks is kept and
 * {@link StackGraph#withDependencies} for a run that asks for its dependencies too.
 */
public final class StackSelection {
    static final String BLANK = "the stack selection is blank (an empty Jenkins parameter, or --stacks \"\"?): name stack ids"
            + " or globs, or leave the selection out to select every stack";

    private final List<String> patterns;
    /** Patterns were given but every one was blank: selects nothing and is a problem, never "all". */
    private final boolean blank;

    private StackSelection(final List<String> patterns, final boolean blank) {
        this.patterns = List.copyOf(patterns);
        this.blank = blank;
    }

    /**
     * Blank patterns (and blank parts between commas) are ignored when others are present. A non-empty list
     * of only blanks is a blank selection: {@link #resolve} selects nothing and reports a problem, because
     * deploying every stack by accident (an empty build parameter) is the worst reading of it. Only an empty
     * list selects every stack.
     */
    public static StackSelection of(final List<String> patterns) {
        List<String> cleaned = new ArrayList<>();
        for (String pattern : patterns) {
            for (String part : pattern.split(",", -1)) {
                if (!part.isBlank()) {
                    cleaned.add(part.strip());
                }
            }
        }
        return new StackSelection(cleaned, !patterns.isEmpty() && cleaned.isEmpty());
    }

    public static StackSelection all() {
        return new StackSelection(List.of(), false);
    }

    /** Whether no selection was given (an empty list), which selects every stack. */
    public boolean selectsAll() {
        return patterns.isEmpty() && !blank;
    }

    /**
     * The stacks the selection names among {@code known}, and a problem line for every pattern that names
     * none (a typo must not deploy nothing and report success).
     */
    public Resolved resolve(final Set<StackId> known) {
        if (blank) {
            return new Resolved(new TreeSet<>(), List.of(BLANK));
        }
        if (patterns.isEmpty()) {
            return new Resolved(new TreeSet<>(known), List.of());
        }
        TreeSet<StackId> selected = new TreeSet<>();
        List<String> problems = new ArrayList<>();
        for (String pattern : patterns) {
            GlobMatcher glob = matcher(pattern);
            List<StackId> matches = known.stream().filter(id -> glob.matches(id.value())).toList();
            if (matches.isEmpty()) {
                problems.add("'" + pattern + "' matches no stack; known stacks: " + sample(known));
            }
            selected.addAll(matches);
        }
        return new Resolved(selected, problems);
    }

    /**
     * @param stacks   the selected stacks, sorted
     * @param problems one line per pattern that matched nothing
     */
    public record Resolved(SortedSet<StackId> stacks, List<String> problems) {
        public Resolved {
            stacks = Collections.unmodifiableSortedSet(new TreeSet<>(stacks));
            problems = List.copyOf(problems);
        }
    }

    private static String sample(final Set<StackId> known) {
        List<String> ids = new TreeSet<>(known).stream().map(StackId::value).toList();
        int shown = Math.min(ids.size(), 10);
        String list = String.join(", ", ids.subList(0, shown));
        return ids.size() > shown ? list + " … (" + (ids.size() - shown) + " more)" : list;
    }

    /** Linear-time matching: a backtracking regex of a long pattern of stars took seconds per id. */
    static GlobMatcher matcher(final String glob) {
        List<GlobMatcher.Piece> pieces = GlobMatcher.pieces();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                pieces.add(GlobMatcher.star(GlobMatcher.any()));
                i++;
            } else if (c == '*') {
                pieces.add(GlobMatcher.star(GlobMatcher.notSlash()));
            } else if (c == '?') {
                pieces.add(GlobMatcher.notSlash());
            } else {
                pieces.add(GlobMatcher.literal(c));
            }
        }
        return GlobMatcher.of(pieces);
    }

    @Override
    public String toString() {
        return blank ? "a blank selection" : selectsAll() ? "all stacks" : String.join(", ", patterns);
    }
}
