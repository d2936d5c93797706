package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.StackId;

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
 * @param approved       deploy: a person approved this run, so stacks whose drift mode asks for approval are applied
 * @param destroy        deploy: destroy in reverse dependency order
 * @param heldElsewhere  stacks another run of the host holds (Jenkins: another build's deploy): a drift check
 *                       leaves them alone as it does a stack with a deploy running
 * @param approvedPlans  deploy: the plans an approval approved; an approved stack whose fresh plan differs is not applied
 */
public record RunRequest(Path configFile, Path repositoryRoot, List<String> stacks, OptionalInt parallelism,
        StartedBy startedBy, Set<String> changedFiles, String runId, String cause,
        boolean rehearsal, boolean approved, boolean destroy, Set<StackId> heldElsewhere, PlanDigest.Approved approvedPlans) {
    public RunRequest {
        Objects.requireNonNull(configFile, "configFile");
        Objects.requireNonNull(repositoryRoot, "repositoryRoot");
        stacks = List.copyOf(stacks);
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(startedBy, "startedBy");
        changedFiles = Set.copyOf(changedFiles);
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        heldElsewhere = Set.copyOf(heldElsewhere);
        approvedPlans = Objects.requireNonNullElse(approvedPlans, PlanDigest.Approved.NONE);
    }

    /** A request without recorded approved plans. */
    public RunRequest(final Path configFile, final Path repositoryRoot, final List<String> stacks, final OptionalInt parallelism,
            final StartedBy startedBy, final Set<String> changedFiles, final String runId, final String cause,
            final boolean rehearsal, final boolean approved, final boolean destroy, final Set<StackId> heldElsewhere) {
        this(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause, rehearsal, approved, destroy,
                heldElsewhere, PlanDigest.Approved.NONE);
    }

    /** A request with no stack held elsewhere. */
    public RunRequest(final Path configFile, final Path repositoryRoot, final List<String> stacks, final OptionalInt parallelism,
            final StartedBy startedBy, final Set<String> changedFiles, final String runId, final String cause,
            final boolean rehearsal, final boolean approved, final boolean destroy) {
        this(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause, rehearsal, approved, destroy,
                Set.of());
    }

    /** A manual run of every stack in {@code configFile}, rooted at its directory. */
    public static RunRequest of(final Path configFile, final String runId) {
        Path root = configFile.toAbsolutePath().getParent();
        return new RunRequest(configFile, root, List.of(), OptionalInt.empty(), StartedBy.MANUAL, Set.of(), runId,
                "started by hand", false, false, false);
    }

    public RunRequest withStacks(final List<String> selection) {
        return toBuilder().stacks(selection).build();
    }

    public RunRequest withParallelism(final int value) {
        return toBuilder().parallelism(OptionalInt.of(value)).build();
    }

    public RunRequest startedBy(final StartedBy by, final String words, final Set<String> changed) {
        return toBuilder().startedBy(by).cause(words).changedFiles(changed).build();
    }

    public RunRequest withRehearsal(final boolean asRehearsal) {
        return toBuilder().rehearsal(asRehearsal).build();
    }

    public RunRequest withApproval(final boolean isApproved) {
        return toBuilder().approved(isApproved).build();
    }

    public RunRequest withDestroy(final boolean asDestroy) {
        return toBuilder().destroy(asDestroy).build();
    }

    public RunRequest withHeldElsewhere(final Set<StackId> held) {
        return toBuilder().heldElsewhere(held).build();
    }

    /** The plans an approval approved: an approved stack whose fresh plan differs is not applied. */
    public RunRequest withApprovedPlans(final PlanDigest.Approved plans) {
        return toBuilder().approvedPlans(plans).build();
    }

    public RunRequest withDeployOptions(final boolean asRehearsal, final boolean isApproved, final boolean asDestroy) {
        return toBuilder().rehearsal(asRehearsal).approved(isApproved).destroy(asDestroy).build();
    }

    /** A builder holding this request's values: change what differs, then {@link Builder#build()}. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Changes a request field by field, so no caller rebuilds one from twelve positional arguments. */
    public static final class Builder {
        private final Path configFile;
        private final Path repositoryRoot;
        private List<String> stacks;
        private OptionalInt parallelism;
        private StartedBy startedBy;
        private Set<String> changedFiles;
        private final String runId;
        private String cause;
        private boolean rehearsal;
        private boolean approved;
        private boolean destroy;
        private Set<StackId> heldElsewhere;
        private PlanDigest.Approved approvedPlans;

        private Builder(final RunRequest from) {
            configFile = from.configFile;
            repositoryRoot = from.repositoryRoot;
            stacks = from.stacks;
            parallelism = from.parallelism;
            startedBy = from.startedBy;
            changedFiles = from.changedFiles;
            runId = from.runId;
            cause = from.cause;
            rehearsal = from.rehearsal;
            approved = from.approved;
            destroy = from.destroy;
            heldElsewhere = from.heldElsewhere;
            approvedPlans = from.approvedPlans;
        }

        public Builder stacks(final List<String> value) {
            stacks = List.copyOf(value);
            return this;
        }

        public Builder parallelism(final OptionalInt value) {
            parallelism = value;
            return this;
        }

        public Builder startedBy(final StartedBy value) {
            startedBy = value;
            return this;
        }

        public Builder changedFiles(final Set<String> value) {
            changedFiles = Set.copyOf(value);
            return this;
        }

        public Builder cause(final String value) {
            cause = value;
            return this;
        }

        public Builder rehearsal(final boolean value) {
            rehearsal = value;
            return this;
        }

        public Builder approved(final boolean value) {
            approved = value;
            return this;
        }

        public Builder destroy(final boolean value) {
            destroy = value;
            return this;
        }

        public Builder heldElsewhere(final Set<StackId> value) {
            heldElsewhere = Set.copyOf(value);
            return this;
        }

        public Builder approvedPlans(final PlanDigest.Approved value) {
            approvedPlans = value;
            return this;
        }

        public RunRequest build() {
            return new RunRequest(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause,
                    rehearsal, approved, destroy, heldElsewhere, approvedPlans);
        }
    }
}
