package io.stackdrift.drift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.stackdrift.model.Change;

/**
 * Is a plan only the revert of a drift? Mode correct may deploy a plan only when it does no more than put the
 * drift back; any other change is code nobody reviewed as a deploy (docs/engine.md, mode correct).
 */
public final class DriftRevert {
    /** Why mode correct did not put drift back: the plan that would do it also applies code changes nobody reviewed. */
    public static final String NOT_CORRECTED =
            "mode correct: not corrected — the stack also has code changes not deployed; deploy them to put the drift back";

    private DriftRevert() {
    }

    /**
     * The changes of a plan that are not the revert of {@code drift}. Terraform lists putting drift back as a resource
     * change on the drifted address: a change on a drifted address whose paths all lie within that drift's paths (a
     * path equal to one, or below it) is the revert; a change without paths is the revert only of drift without paths
     * (a resource deleted or created outside the code). Everything else is a code change.
     */
    public static List<Change> codeChanges(final List<Change> changes, final List<Change> drift) {
        Map<String, List<Change>> byAddress = drift.stream().collect(Collectors.groupingBy(Change::address));
        List<Change> code = new ArrayList<>();
        for (Change change : changes) {
            List<Change> drifted = byAddress.getOrDefault(change.address(), List.of());
            boolean revert = !drifted.isEmpty() && (change.paths().isEmpty()
                    ? drifted.stream().anyMatch(d -> d.paths().isEmpty())
                    : change.paths().stream().allMatch(path -> drifted.stream().anyMatch(d -> within(path, d.paths()))));
            if (!revert) {
                code.add(change);
            }
        }
        return code;
    }

    /** Whether the plan's changes do nothing but put {@code drift} back. */
    public static boolean onlyReverts(final List<Change> changes, final List<Change> drift) {
        return codeChanges(changes, drift).isEmpty();
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
