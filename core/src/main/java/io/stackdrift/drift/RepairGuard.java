package io.stackdrift.drift;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.model.Action;
import io.stackdrift.model.Change;

/**
 * The guard rails of mode correct (docs/engine.md, "Guard rails on self-heal"): a repair never deletes or replaces a
 * resource on its own (unless {@code drift.allowReplace}), and never changes more resources than
 * {@code drift.maxChanges}. A repair the rails stop waits for a person, with the reason on the row.
 */
public final class RepairGuard {
    /** Up to how many resources the reason counts exactly. */
    static final int EXACT_COUNT_UP_TO = 10_000;

    private RepairGuard() {
    }

    /**
     * Why the repair a fresh plan would apply needs a person, or empty when mode correct may apply it.
     *
     * @param changes what the plan applies (the revert of the drift, as the tool lists it)
     * @param drift   the drift the plan puts back; an address here counts as a changed resource too
     */
    public static Optional<String> stop(final DriftSettings settings, final Iterable<Change> changes, final Iterable<Change> drift) {
        return stop(settings, changes, drift, "mode correct: the repair would ");
    }

    /**
     * Why a deploy that is not approved must not apply a plan that puts drift back: the same rails as a repair's, on the
     * changes of the plan that revert the drift ({@link DriftRevert#reverts}); its code changes were reviewed as code.
     * A repair held for approval is never applied by the next plain deploy.
     */
    public static Optional<String> stopDeploy(final DriftSettings settings, final Iterable<Change> reverts, final Iterable<Change> drift) {
        return stop(settings, reverts, drift, "putting its drift back would ");
    }

    private static Optional<String> stop(final DriftSettings settings, final Iterable<Change> changes, final Iterable<Change> drift,
            final String would) {
        if (!settings.allowReplace()) {
            Set<String> destructive = new TreeSet<>();
            for (Change change : changes) {
                if (change.isOutput()) {
                    continue;
                }
                if (change.action() == Action.DELETE || change.action() == Action.REPLACE) {
                    destructive.add(change.action().word() + " " + change.address());
                }
            }
            if (!destructive.isEmpty()) {
                return Optional.of(would + String.join(", ", destructive)
                        + "; deploy with approval, or set drift.allowReplace: true");
            }
        }
        Set<String> resources = new TreeSet<>();
        // outputs are no resources: putting an output back deletes or replaces nothing
        // addresses are counted exactly up to a bound, so a plan of a million changes costs no million strings
        int countUpTo = (int) Math.min(Integer.MAX_VALUE, Math.max(EXACT_COUNT_UP_TO, settings.maxChanges() + 1L));
        for (Iterable<Change> list : List.of(changes, drift)) {
            list.forEach(change -> {
                if (!change.isOutput() && resources.size() < countUpTo) {
                    resources.add(change.address());
                }
            });
        }
        if (resources.size() > settings.maxChanges()) {
            String count = resources.size() >= countUpTo ? "at least " + String.format("%,d", resources.size())
                    : Integer.toString(resources.size());
            return Optional.of(would + "change " + count + " resource"
                    + (resources.size() == 1 ? "" : "s") + ", more than drift.maxChanges " + settings.maxChanges()
                    + "; deploy with approval");
        }
        return Optional.empty();
    }
}
