package io.stackdrift.durable;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.model.DeployChoice;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.spi.ToolSettings;

/**
 * What a step asks the engine to do, in typed values with defaults: the one value a host keeps with a running step,
 * sends to the agent and writes into the step directory ({@link RequestFile}). Made only through {@link #builder}; a
 * field not set keeps its default. It holds JDK types and the model's enums and {@link DeployChoice}, never a
 * secret of its own; the build's environment it carries (which can hold a bound secret) is never written to a file.
 * The collections are JDK ones (not {@code List.copyOf}'s), so any serializer of a running step reads them back.
 *
 * @param configFile       the configuration file relative to the workspace ({@code stacks.yaml} by default)
 * @param stacks           selected stack ids or globs; empty = every stack
 * @param parallelism      stacks run at once; 0 = the file's or the engine's default
 * @param deploy           what a deploy does: apply or rehearse, approved or not, deploy or destroy
 * @param runId            the run's id (the build number)
 * @param cause            who or what started the run, in words
 * @param startedBy        schedule, a person, or a push
 * @param changedFiles     for a push: the changed files, relative to the workspace
 * @param toolPaths        tool → executable on the agent; a tool not named is looked up on the build's {@code PATH}
 * @param buildEnvironment the build's environment (tool processes start with it); only its names are ever shown
 * @param approvedPlans    deploy of an approval: stack → digest of the plan the approver saw
 * @param commit           the revision the plans come from (part of each plan's digest); empty when unknown
 * @param approvalSource   where the approval was made, in words ("build #12")
 * @param valueKey         the key (hex) plan values are digested under for approvals; empty: none. Never printed
 * @param toolTimeout      how long one stack's step may run; {@link Duration#ZERO} for the engine's defaults
 * @param timing           {@link Timing#NOW}: the stacks are taken whatever their schedule, backoff, policy and digest
 */
public record StepRequest(String configFile, List<String> stacks, int parallelism, DeployChoice deploy, String runId,
        String cause, StartedBy startedBy, List<String> changedFiles, Map<Tool, String> toolPaths,
        Map<String, String> buildEnvironment, Map<String, String> approvedPlans, String commit, String approvalSource,
        String valueKey, Duration toolTimeout, Timing timing) implements Serializable {
    private static final long serialVersionUID = 1L;
    /** The configuration file when none is named. */
    public static final String DEFAULT_CONFIG = "stacks.yaml";

    public StepRequest {
        Objects.requireNonNull(configFile, "configFile");
        stacks = Collections.unmodifiableList(new ArrayList<>(stacks));
        if (parallelism < 0) {
            throw new IllegalArgumentException("parallelism cannot be negative: " + parallelism);
        }
        Objects.requireNonNull(deploy, "deploy");
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        Objects.requireNonNull(startedBy, "startedBy");
        changedFiles = Collections.unmodifiableList(new ArrayList<>(changedFiles));
        toolPaths = Collections.unmodifiableMap(toolPaths.isEmpty() ? new EnumMap<>(Tool.class) : new EnumMap<>(toolPaths));
        buildEnvironment = Collections.unmodifiableMap(new TreeMap<>(buildEnvironment));
        approvedPlans = Collections.unmodifiableMap(new TreeMap<>(approvedPlans));
        commit = Objects.requireNonNullElse(commit, "");
        approvalSource = Objects.requireNonNullElse(approvalSource, "");
        valueKey = Objects.requireNonNullElse(valueKey, "");
        Objects.requireNonNull(toolTimeout, "toolTimeout");
        if (toolTimeout.isNegative()) {
            throw new IllegalArgumentException("the tool timeout cannot be negative: " + toolTimeout);
        }
        Objects.requireNonNull(timing, "timing");
    }

    /** A request of run {@code runId} with every default: every stack of {@code stacks.yaml}, a manual deploy when due. */
    public static Builder builder(final String runId) {
        return new Builder(runId);
    }

    /** A builder holding this request's values: change what differs, then {@link Builder#build()}. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** The key the agent digests plan values under. */
    public ValueKey planValueKey() {
        return valueKey.isEmpty() ? ValueKey.NONE : ValueKey.of(HexFormat.of().parseHex(valueKey));
    }

    /** The config file inside the workspace; its directory is the repository root. */
    public Path configPath(final Path workspace) {
        return workspace.resolve(configFile).normalize();
    }

    public Path repositoryRoot(final Path workspace) {
        Path parent = configPath(workspace).getParent();
        return parent == null ? workspace : parent;
    }

    /** The parallelism asked, if any. */
    public OptionalInt parallelismAsked() {
        return parallelism > 0 ? OptionalInt.of(parallelism) : OptionalInt.empty();
    }

    /** The core's request for this step, rooted at the workspace on the agent. */
    public RunRequest toRunRequest(final Path workspace) {
        Map<StackId, String> plans = new TreeMap<>();
        approvedPlans.forEach((stack, digest) -> plans.put(StackId.of(stack), digest));
        return new RunRequest(configPath(workspace), repositoryRoot(workspace), stacks, parallelismAsked(), startedBy,
                changedUnderRoot(workspace), runId, cause, deploy.mode(), deploy.approval(), deploy.kind(), Set.of(), timing)
                .withApprovedPlans(new PlanDigest.Approved(plans, commit, approvalSource, planValueKey()));
    }

    /** The changed files inside the repository root, relative to it ({@code /}-separated); others are left out. */
    public Set<String> changedUnderRoot(final Path workspace) {
        Path root = repositoryRoot(workspace).toAbsolutePath().normalize();
        Set<String> under = new TreeSet<>();
        for (String file : changedFiles) {
            Path path = workspace.toAbsolutePath().resolve(file).normalize();
            if (path.startsWith(root) && !path.equals(root)) {
                under.add(root.relativize(path).toString().replace('\\', '/'));
            }
        }
        return under;
    }

    /**
     * Configured tool paths and the tool timeout: the one given counts for every step of a stack, else a plan gets
     * 10 minutes and an apply an hour.
     *
     * @param timeoutHint how the user raises the timeout, said when it fires
     */
    public ToolSettings toolSettings(final String timeoutHint) {
        ToolSettings settings = ToolSettings.defaults().withTimeoutHint(timeoutHint);
        for (Map.Entry<Tool, String> executable : toolPaths.entrySet()) {
            if (!executable.getValue().isBlank()) {
                settings = settings.withExecutable(executable.getKey(), executable.getValue());
            }
        }
        return toolTimeout.isZero() ? settings : settings.withTimeout(toolTimeout);
    }

    /** Names the variables of the build's environment, never their values (it can hold a bound secret). */
    @Override
    public String toString() {
        return "StepRequest[" + configFile + ", stacks " + stacks + ", run " + runId + ", " + startedBy + ", " + deploy
                + ", build variables " + buildEnvironment.keySet() + "]";
    }

    /** Sets a request field by field; every field not set keeps its default. */
    public static final class Builder {
        private String configFile = DEFAULT_CONFIG;
        private List<String> stacks = List.of();
        private int parallelism;
        private DeployChoice deploy = DeployChoice.DEPLOY;
        private final String runId;
        private String cause = "";
        private StartedBy startedBy = StartedBy.MANUAL;
        private List<String> changedFiles = List.of();
        private Map<Tool, String> toolPaths = Map.of();
        private Map<String, String> buildEnvironment = Map.of();
        private Map<String, String> approvedPlans = Map.of();
        private String commit = "";
        private String approvalSource = "";
        private String valueKey = "";
        private Duration toolTimeout = Duration.ZERO;
        private Timing timing = Timing.WHEN_DUE;

        private Builder(final String runId) {
            this.runId = Objects.requireNonNull(runId, "runId");
        }

        private Builder(final StepRequest from) {
            configFile = from.configFile;
            stacks = from.stacks;
            parallelism = from.parallelism;
            deploy = from.deploy;
            runId = from.runId;
            cause = from.cause;
            startedBy = from.startedBy;
            changedFiles = from.changedFiles;
            toolPaths = from.toolPaths;
            buildEnvironment = from.buildEnvironment;
            approvedPlans = from.approvedPlans;
            commit = from.commit;
            approvalSource = from.approvalSource;
            valueKey = from.valueKey;
            toolTimeout = from.toolTimeout;
            timing = from.timing;
        }

        public Builder configFile(final String value) {
            configFile = value;
            return this;
        }

        public Builder stacks(final List<String> value) {
            stacks = List.copyOf(value);
            return this;
        }

        public Builder parallelism(final int value) {
            parallelism = value;
            return this;
        }

        public Builder deploy(final DeployChoice value) {
            deploy = value;
            return this;
        }

        public Builder cause(final String value) {
            cause = value;
            return this;
        }

        public Builder startedBy(final StartedBy value) {
            startedBy = value;
            return this;
        }

        public Builder changedFiles(final List<String> value) {
            changedFiles = List.copyOf(value);
            return this;
        }

        public Builder toolPaths(final Map<Tool, String> value) {
            toolPaths = Map.copyOf(value);
            return this;
        }

        public Builder buildEnvironment(final Map<String, String> value) {
            buildEnvironment = Map.copyOf(value);
            return this;
        }

        /** Deploy of an approval: stack → digest of the plan the approver saw. */
        public Builder approvedPlans(final Map<String, String> value) {
            approvedPlans = Map.copyOf(value);
            return this;
        }

        public Builder commit(final String value) {
            commit = value;
            return this;
        }

        public Builder approvalSource(final String value) {
            approvalSource = value;
            return this;
        }

        /** The job's key of plan values (hex; empty: none). */
        public Builder valueKey(final String value) {
            valueKey = value;
            return this;
        }

        public Builder toolTimeout(final Duration value) {
            toolTimeout = value;
            return this;
        }

        public Builder timing(final Timing value) {
            timing = value;
            return this;
        }

        public StepRequest build() {
            return new StepRequest(configFile, stacks, parallelism, deploy, runId, cause, startedBy, changedFiles, toolPaths,
                    buildEnvironment, approvedPlans, commit, approvalSource, valueKey, toolTimeout, timing);
        }
    }
}
