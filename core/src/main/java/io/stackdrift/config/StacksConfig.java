package io.stackdrift.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;

/**
 * A valid {@code stacks.yaml} with discovery applied: every stack with its resolved settings, sorted by id.
 *
 * @param file        the configuration file that was read
 * @param root        the repository root stacks are discovered under
 * @param parallelism stacks run at once
 * @param stacks      every discovered, not ignored stack
 * @param warnings    problems that do not stop the run (e.g. reapply shorter than every)
 * @param stateReads  for each Terraform/OpenTofu stack with {@code dependsOn: auto}, the stacks whose state its
 *                    {@code terraform_remote_state} blocks read (read from the files, sorted; only stacks that have one)
 * @param stateNotes  one line per remote-state read that gave no dependency (not statically known, not deployed here)
 */
public record StacksConfig(Path file, Path root, int parallelism, List<StackConfig> stacks, List<Problem> warnings,
        Map<StackId, List<StackId>> stateReads, List<String> stateNotes) {
    public StacksConfig {
        stacks = List.copyOf(stacks);
        warnings = List.copyOf(warnings);
        stateReads = Map.copyOf(stateReads);
        stateNotes = List.copyOf(stateNotes);
    }

    /** A configuration without remote-state reads. */
    public StacksConfig(final Path file, final Path root, final int parallelism, final List<StackConfig> stacks,
            final List<Problem> warnings) {
        this(file, root, parallelism, stacks, warnings, Map.of(), List.of());
    }

    /** The stacks whose state {@code id} reads through {@code terraform_remote_state} (docs/configuration.md, "dependsOn"). */
    public List<StackId> stateReadsOf(final StackId id) {
        return stateReads.getOrDefault(id, List.of());
    }

    /**
     * The stack with this id. A binary search of the sorted list: callers look up every selected stack, and a scan
     * per lookup made a run of N stacks pay N² comparisons before its first stack started; a list not sorted by id
     * (built by hand) is still answered, by a scan.
     */
    public Optional<StackConfig> stack(final StackId id) {
        int low = 0;
        int high = stacks.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            StackConfig at = stacks.get(middle);
            int order = at.id().compareTo(id);
            if (order == 0) {
                return Optional.of(at);
            }
            if (order < 0) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return stacks.stream().filter(s -> s.id().equals(id)).findFirst();
    }
}
