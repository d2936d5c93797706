package io.stackdrift.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Which changes of a plan put drift back. Terraform lists putting drift back as a resource change on the drifted
 * address: a change on a drifted address whose paths all lie within that drift's paths (equal, or below: {@code tags}
 * covers {@code tags.Owner}) is the revert; a change without paths is the revert only of drift without paths (a
 * resource deleted or created outside the code). Every other change is code. Past {@value #MOST_DRIFT_RELATED} drift
 * entries nothing is related: the index of drifted addresses is the one thing held in memory.
 */
public final class DriftReverts {
    /** The most drift entries a plan is related to (memory stays bounded by the number of stacks). */
    public static final int MOST_DRIFT_RELATED = 10_000;

    private final Map<String, List<Change>> byAddress;

    private DriftReverts(final Map<String, List<Change>> byAddress) {
        this.byAddress = byAddress;
    }

    /** The index of this drift; relates nothing when the drift has more than {@value #MOST_DRIFT_RELATED} entries. */
    public static DriftReverts of(final ChangeList drift) {
        Map<String, List<Change>> byAddress = new HashMap<>();
        if (drift.size() <= MOST_DRIFT_RELATED) {
            drift.forEach(change -> byAddress.computeIfAbsent(change.address(), a -> new ArrayList<>()).add(change));
        }
        return new DriftReverts(byAddress);
    }

    /** Whether the index relates anything: there is drift, and no more than {@value #MOST_DRIFT_RELATED} entries of it. */
    public boolean relates() {
        return !byAddress.isEmpty();
    }

    /** Whether the change puts a drift of the index back. */
    public boolean isRevert(final Change change) {
        List<Change> drifted = byAddress.getOrDefault(change.address(), List.of());
        return !drifted.isEmpty() && (change.paths().isEmpty()
                ? drifted.stream().anyMatch(d -> d.paths().isEmpty())
                : change.paths().stream().allMatch(path -> drifted.stream().anyMatch(d -> within(path, d.paths()))));
    }

    /**
     * A plan's changes with each one that puts this drift back marked {@link Cause#DRIFT}: it is there because of the
     * drift, and pages list it as drift, not as a change in the code. The order and everything else stay; a list with
     * nothing to mark is returned as it is.
     */
    public ChangeList marked(final ChangeList changes) {
        if (!relates() || changes.isEmpty()) {
            return changes;
        }
        try (Stream<Change> all = changes.stream()) {
            if (all.noneMatch(c -> c.cause() == Cause.CODE && isRevert(c))) {
                return changes;
            }
        }
        ChangeList.Builder out = changes.derived();
        changes.forEach(change -> out.add(change.cause() == Cause.CODE && isRevert(change) ? change.withCause(Cause.DRIFT) : change));
        return out.build();
    }

    /** Whether a plan's changes hold one in the code: one not marked as putting drift back ({@link #marked}). */
    public static boolean anyInCode(final ChangeList changes) {
        try (Stream<Change> all = changes.stream()) {
            return all.anyMatch(change -> change.cause() == Cause.CODE);
        }
    }

    /**
     * Whether the changes hold one this drift does not explain: one in the code, or one marked as putting drift back that
     * puts back none of this drift (drift the row no longer lists, such as drift on a path owned elsewhere).
     */
    public boolean anyBeyond(final ChangeList changes) {
        try (Stream<Change> all = changes.stream()) {
            return all.anyMatch(change -> change.cause() == Cause.CODE || !isRevert(change));
        }
    }

    private static boolean within(final String path, final List<String> driftPaths) {
        for (String drifted : driftPaths) {
            if (path.equals(drifted) || path.startsWith(drifted + ".") || path.startsWith(drifted + "[")) {
                return true;
            }
        }
        return false;
    }
}
