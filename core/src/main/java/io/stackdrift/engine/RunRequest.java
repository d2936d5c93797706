package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;

import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;

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
 * @param mode           deploy: {@link DeployMode#APPLY}, or {@link DeployMode#REHEARSAL} (plan everything in order, apply
 *                       nothing); {@link DeployMode#CORRECTION} is a drift check's own, never asked for
 * @param approval       deploy: {@link Approval#GIVEN} when a person approved this run, so stacks whose drift mode asks for
 *                       approval are applied
 * @param kind           deploy: {@link DeployKind#DESTROY} destroys in reverse dependency order
 * @param heldElsewhere  stacks another run of the host holds (Jenkins: another build's deploy): a drift check
 *                       leaves them alone as it does a stack with a deploy running
 * @param timing         {@link Timing#NOW}: a check takes the selected stacks whatever their schedule and backoff, a
 *                       deploy whatever their policy and digest
 * @param approvedPlans  deploy: the plans an approval approved; an approved stack whose fresh plan differs is not applied
 */
public record RunRequest(Path configFile, Path repositoryRoot, List<String> stacks, OptionalInt parallelism,
        StartedBy startedBy, Set<String> changedFiles, String runId, String cause,
        DeployMode mode, Approval approval, DeployKind kind, Set<StackId> heldElsewhere, Timing timing,
        PlanDigest.Approved approvedPlans) {
    public RunRequest {
        Objects.requireNonNull(configFile, "configFile");
        Objects.requireNonNull(repositoryRoot, "repositoryRoot");
        stacks = List.copyOf(stacks);
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(startedBy, "startedBy");
        changedFiles = Set.copyOf(changedFiles);
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        Objects.requireNonNull(mode, "mode");
        if (mode == DeployMode.CORRECTION) {
            throw new IllegalArgumentException("a run is asked to apply or to rehearse; correction is a drift check's own mode");
        }
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(kind, "kind");
        heldElsewhere = Set.copyOf(heldElsewhere);
        Objects.requireNonNull(timing, "timing");
        approvedPlans = Objects.requireNonNullElse(approvedPlans, PlanDigest.Approved.NONE);
    }

    /** A request when due, without recorded approved plans. */
    public RunRequest(final Path configFile, final Path repositoryRoot, final List<String> stacks, final OptionalInt parallelism,
            final StartedBy startedBy, final Set<String> changedFiles, final String runId, final String cause,
            final DeployMode mode, final Approval approval, final DeployKind kind, final Set<StackId> heldElsewhere) {
        this(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause, mode, approval, kind,
                heldElsewhere, Timing.WHEN_DUE, PlanDigest.Approved.NONE);
    }

    /** A request without recorded approved plans. */
    public RunRequest(final Path configFile, final Path repositoryRoot, final List<String> stacks, final OptionalInt parallelism,
            final StartedBy startedBy, final Set<String> changedFiles, final String runId, final String cause,
            final DeployMode mode, final Approval approval, final DeployKind kind, final Set<StackId> heldElsewhere,
            final Timing timing) {
        this(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause, mode, approval, kind,
                heldElsewhere, timing, PlanDigest.Approved.NONE);
    }

    public RunRequest withHeldElsewhere(final Set<StackId> held) {
        return toBuilder().heldElsewhere(held).build();
    }

    public RunRequest withTiming(final Timing when) {
        return toBuilder().timing(when).build();
    }

    /** The plans an approval approved: an approved stack whose fresh plan differs is not applied. */
    public RunRequest withApprovedPlans(final PlanDigest.Approved plans) {
        return toBuilder().approvedPlans(plans).build();
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
        private DeployMode mode;
        private Approval approval;
        private DeployKind kind;
        private Set<StackId> heldElsewhere;
        private Timing timing;
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
            mode = from.mode;
            approval = from.approval;
            kind = from.kind;
            heldElsewhere = from.heldElsewhere;
            timing = from.timing;
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

        public Builder mode(final DeployMode value) {
            mode = value;
            return this;
        }

        public Builder approval(final Approval value) {
            approval = value;
            return this;
        }

        public Builder kind(final DeployKind value) {
            kind = value;
            return this;
        }

        public Builder heldElsewhere(final Set<StackId> value) {
            heldElsewhere = Set.copyOf(value);
            return this;
        }

        public Builder timing(final Timing value) {
            timing = value;
            return this;
        }

        public Builder approvedPlans(final PlanDigest.Approved value) {
            approvedPlans = value;
            return this;
        }

        public RunRequest build() {
            return new RunRequest(configFile, repositoryRoot, stacks, parallelism, startedBy, changedFiles, runId, cause, mode,
                    approval, kind, heldElsewhere, timing, approvedPlans);
        }
    }
}
