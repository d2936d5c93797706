package io.stackdrift.config;

import java.nio.file.Path;
import java.util.List;
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
 */
public record StacksConfig(Path file, Path root, int parallelism, List<StackConfig> stacks, List<Problem> warnings) {
    public StacksConfig {
        stacks = List.copyOf(stacks);
        warnings = List.copyOf(warnings);
    }

    public Optional<StackConfig> stack(final StackId id) {
        return stacks.stream().filter(s -> s.id().equals(id)).findFirst();
    }
}
