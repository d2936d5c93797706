package io.stackdrift.render;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Counts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

/**
 * A preview or drift check as a reviewer of a change request reads it (a comment, a check on the change request): the
 * counts and, for every stack not in sync, its planned changes by cause — changes in the code apart from reverts of
 * changes made outside it (with since when that drift is known) — and the stacks that will follow it. Paths only, never
 * a value; every address, path and reason is masked with the run's {@link SecretMask}.
 *
 * @param kind     preview or drift check
 * @param counts   the run's counts
 * @param stacks   the stacks not in sync, by id, at most {@link #MOST_STACKS}
 * @param unlisted stacks not in sync left out past {@link #MOST_STACKS}
 */
public record ReviewSummary(RunKind kind, Counts counts, List<StackReview> stacks, int unlisted) {
    /** Changes listed per stack; a comment has a size limit (GitHub: 65,536 characters), a build page has the rest. */
    public static final int MOST_CHANGES = 50;
    /** Stacks listed; the counts cover every stack. */
    public static final int MOST_STACKS = 100;

    public ReviewSummary {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(counts, "counts");
        stacks = List.copyOf(stacks);
    }

    /** The summary of a recorded run, every text masked with {@code mask}. */
    public static ReviewSummary of(final RunRecord run, final SecretMask mask) {
        List<Row> rows = run.rowsSorted();
        Map<StackId, Set<StackId>> dependents = dependents(rows);
        List<StackReview> listed = new ArrayList<>();
        int unlisted = 0;
        for (Row row : rows) {
            if (row.state() == RowState.IN_SYNC) {
                continue;
            }
            if (listed.size() == MOST_STACKS) {
                unlisted++;
                continue;
            }
            listed.add(review(row, mask, dependents));
        }
        return new ReviewSummary(run.kind(), run.counts(), listed, unlisted);
    }

    private static StackReview review(final Row row, final SecretMask mask, final Map<StackId, Set<StackId>> dependents) {
        List<ReviewedChange> inCode = new ArrayList<>();
        List<ReviewedChange> reverts = new ArrayList<>();
        TreeSet<String> outputs = new TreeSet<>();
        int[] omitted = {0};
        row.changes().forEach(change -> {
            if (change.isOutput()) {
                change.paths().forEach(name -> outputs.add(mask.mask(name)));
            }
            add(change.cause() == Cause.CODE ? inCode : reverts, inCode, reverts, change, mask, omitted);
        });
        // a plan that marks no change as putting drift back (a check, a tool that plans no revert): the drift found is
        // what a deploy of the code would put back
        if (reverts.isEmpty() && !anyRevertMarked(row.changes())) {
            row.drift().forEach(change -> add(reverts, inCode, reverts, change, mask, omitted));
        }
        StackReview review = new StackReview(row.id(), row.state(), oneLine(mask.mask(row.reason())), inCode, reverts,
                row.driftAge(), List.of(), List.copyOf(outputs), omitted[0]);
        return review.plansChanges() ? withFollowers(review, dependents) : review;
    }

    private static void add(final List<ReviewedChange> to, final List<ReviewedChange> inCode, final List<ReviewedChange> reverts,
            final Change change, final SecretMask mask, final int[] omitted) {
        if (inCode.size() + reverts.size() < MOST_CHANGES) {
            to.add(ReviewedChange.of(change, mask));
        } else {
            omitted[0]++;
        }
    }

    private static boolean anyRevertMarked(final ChangeList changes) {
        try (var all = changes.stream()) {
            return all.anyMatch(change -> change.cause() == Cause.DRIFT);
        }
    }

    private static StackReview withFollowers(final StackReview review, final Map<StackId, Set<StackId>> dependents) {
        TreeSet<StackId> followers = new TreeSet<>();
        Deque<StackId> next = new ArrayDeque<>(dependents.getOrDefault(review.id(), Set.of()));
        while (!next.isEmpty()) {
            StackId dependent = next.pop();
            if (!dependent.equals(review.id()) && followers.add(dependent)) {
                next.addAll(dependents.getOrDefault(dependent, Set.of()));
            }
        }
        return new StackReview(review.id(), review.state(), review.reason(), review.inCode(), review.reverts(), review.driftAge(),
                List.copyOf(followers), review.changedOutputs(), review.omitted());
    }

    /** Who depends on whom, as the rows say (the file's {@code dependsOn} and references read by the tool). */
    private static Map<StackId, Set<StackId>> dependents(final List<Row> rows) {
        Map<StackId, Set<StackId>> dependents = new HashMap<>();
        for (Row row : rows) {
            row.allDependsOn().forEach(dependency -> dependents.computeIfAbsent(dependency, d -> new TreeSet<>()).add(row.id()));
        }
        return dependents;
    }

    private static String oneLine(final String reason) {
        int end = reason.indexOf('\n');
        return end < 0 ? reason : reason.substring(0, end);
    }
}
