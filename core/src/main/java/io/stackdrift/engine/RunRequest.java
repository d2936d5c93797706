package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

/**
 * One run as the caller asks for it.
 *
 * @param configFile     the stacks.yaml to read
 * @param repositoryRoot the directory stacks are discovered under (usually the config file's directory)
 * @param stacks         stack ids or globs to include; empty = all
 * @param parallelism    overrides the file's {@code parallelism} when present
 * @param startedBy      schedule, manual or push
 * @param changedFiles   for a push: changed files relative to the repository root
 * @param runId          unique, sortable id of this run (the build number in Jenkins)
 * @param cause          who or what started it, in words
 * @param rehearsal      deploy: plan everything in order, apply nothing
 * @param approved       deploy: a person approved this run, so stacks in {@code approve} mode are applied
 * @param destroy        deploy: destroy in reverse dependency order
 */
public record RunRequest(Path configFile, Path repositoryRoot, List<String> stacks, OptionalInt parallelism,
        StartedBy startedBy, Set<String> changedFiles, String runId, String cause,
        boolean rehearsal, boolean approved, boolean destroy) {
    public RunRequest {
        Objects.requireNonNull(configFile, "configFile");
        Objects.requireNonNull(repositoryRoot, "repositoryRoot");
        stacks = List.copyOf(stacks);
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(startedBy, "startedBy");
        changedFiles = Set.copyOf(changedFiles);
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
    }

    /** A manual run of every stack in {@code configFile}, rooted at its directory. */
    public static RunRequest of(final Path configFile, final String runId) {
        Path root = configFile.toAbsolutePath().getParent();
        return new RunRequest(configFile, root, List.of(), OptionalInt.empty(), StartedBy.MANUAL, Set.of(), runId,
                "started by hand", false, false, false);
    }

    public RunRequest withStacks(final List<String> selection) {
        return new RunRequest(configFile, repositoryRoot, selection, parallelism, startedBy, changedFiles, runId, cause,
                rehearsal, approved, destroy);
    }

    public RunRequest withParallelism(final int value) {
        return new RunRequest(configFile, repositoryRoot, stacks, OptionalInt.of(value), startedBy, changedFiles, runId,
                cause, rehearsal, approved, destroy);
    }

    public RunRequest startedBy(final StartedBy by, final String words, final Set<String> changed) {
        return new RunRequest(configFile, repositoryRoot, stacks, parallelism, by, changed, runId, words, rehearsal,
                approved, destroy);
    }

    public RunRequest withDeployOptions(final boolean asRehearsal, final boolean isApproved, final boolean asDestroy) {
        return new RunRequest(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause,
                asRehearsal, isApproved, asDestroy);
    }
}
