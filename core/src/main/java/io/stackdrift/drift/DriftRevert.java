package io.stackdrift.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftReverts;

/**
 * Is a plan only the revert of a drift? Mode correct may deploy a plan only when it does no more than put the
 * drift back; any other change is code nobody reviewed as a deploy (docs/engine.md, mode correct).
 */
public final class DriftRevert {
    /** Why mode correct did not put drift back: the plan that would do it also applies code changes nobody reviewed. */
    public static final String NOT_CORRECTED =
            "mode correct: not corrected — the stack also has code changes not deployed; deploy them to put the drift back";
    /** The most drift entries a plan is related to (memory stays bounded by the number of stacks). */
    static final int MOST_DRIFT_RELATED = DriftReverts.MOST_DRIFT_RELATED;
    /** Why mode correct did not put drift back: more drift than it relates a plan to. */
    public static final String TOO_MUCH_DRIFT =
            "mode correct: not corrected — more than 10,000 drifted resources are too many to put back unreviewed;"
                    + " deploy to put the drift back";

    private DriftRevert() {
    }

    /**
     * Why mode correct may not deploy the plan, or empty when it may. Terraform lists putting drift back as a resource
     * change on the drifted address: a change on a drifted address whose paths all lie within that drift's paths (a
     * path equal to one, or below it) is the revert; a change without paths is the revert only of drift without paths
     * (a resource deleted or created outside the code). Any other change is code, and the plan is not deployed. Past
     * {@value #MOST_DRIFT_RELATED} drift entries nothing is related (that index is the one thing here held in memory)
     * and nothing is corrected on its own, as the repair guard stops at that many changes too.
     */
    public static Optional<String> whyNotCorrected(final ChangeList changes, final ChangeList drift) {
        if (changes.isEmpty()) {
            return Optional.empty();
        }
        if (drift.size() > MOST_DRIFT_RELATED) {
            return Optional.of(TOO_MUCH_DRIFT);
        }
        DriftReverts reverts = DriftReverts.of(drift);
        try (Stream<Change> all = changes.stream()) {
            return all.allMatch(reverts::isRevert) ? Optional.empty() : Optional.of(NOT_CORRECTED);
        }
    }

    /**
     * The changes of a plan that put {@code drift} back (as {@link #whyNotCorrected} relates them), at most
     * {@value #MOST_DRIFT_RELATED} + 1: what a deploy's guard rails look at. Past {@value #MOST_DRIFT_RELATED} drift entries
     * every change on a drifted address counts, related or not (nothing larger is held).
     */
    public static List<Change> reverts(final ChangeList changes, final ChangeList drift) {
        List<Change> out = new ArrayList<>();
        if (changes.isEmpty() || drift.isEmpty()) {
            return out;
        }
        DriftReverts index = DriftReverts.of(drift);
        try (Stream<Change> all = changes.stream()) {
            all.filter(change -> !index.relates() || index.isRevert(change)).limit(MOST_DRIFT_RELATED + 1L).forEach(out::add);
        }
        return out;
    }
}
