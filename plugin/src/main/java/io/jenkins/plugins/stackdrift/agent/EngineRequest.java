package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.StackId;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.spi.ToolSettings;

/**
 * What a step asks the engine to do, in plain values. It crosses to the agent (Java serialization over
 * remoting), so it holds JDK types and three enums of the core's model, never a secret; the enums are named in the
 * plugin's {@code META-INF/hudson.remoting.ClassFilter}, for the controller's class filter, which admits the plugin's
 * own classes but not those of a library it bundles. On the agent it becomes the core's {@link RunRequest} and
 * {@link ToolSettings}.
 *
 * @param configFile       the configuration file relative to the workspace ({@code stacks.yaml} by default)
 * @param stacks           selected stack ids or globs; empty = every stack
 * @param parallelism      stacks run at once; 0 = the file's or the engine's default
 * @param mode             deploy: apply, or rehearse (plan everything in order, apply nothing)
 * @param approval         deploy: whether a person approved the stacks awaiting approval
 * @param kind             deploy: deploy the stacks, or destroy them in reverse dependency order
 * @param runId            the build number
 * @param cause            who or what started the build, in words
 * @param startedBy        {@link StartedBy} name: SCHEDULE for {@code driftSchedule} builds, PUSH for builds an SCM
 *                         change started, else MANUAL
 * @param changedFiles     for a push: the files the build's change sets touched, relative to the workspace
 * @param toolPaths        tool word ({@code terraform}, {@code tofu}, {@code pulumi}) → executable on the agent
 * @param buildEnvironment the build's environment on the agent (from the step context: {@code withEnv},
 *                         tool installers); tool processes start with it, credentials added on top
 * @param approvedPlans    deploy of an approval build: stack → digest of the plan the approver saw; empty: none recorded
 * @param commit           the revision this build's plans come from (part of each plan's digest); empty when unknown
 * @param approvalSource   where the approval was made, in words ("build #12")
 * @param valueKey         the job's key (hex) the plans' values are digested under for approvals ({@code ValueKey});
 *                         empty: none. It crosses to the agent, which sees the values anyway; never printed
 * @param toolTimeoutSeconds how long one stack's step (plan or apply) may run, the step's {@code toolTimeout} or
 *                         the global one; 0 for the engine's defaults (a plan 10 minutes, an apply an hour)
 * @param timing           {@link Timing#NOW} for {@code now: true}: the stacks are taken whatever their schedule,
 *                         backoff, policy and digest
 */
public record EngineRequest(String configFile, List<String> stacks, int parallelism, DeployMode mode, Approval approval,
        DeployKind kind, String runId, String cause, String startedBy, List<String> changedFiles, Map<String, String> toolPaths,
        Map<String, String> buildEnvironment, Map<String, String> approvedPlans, String commit, String approvalSource,
        String valueKey, long toolTimeoutSeconds, Timing timing) implements Serializable {
    private static final long serialVersionUID = 6L;
    /** What a timed-out stack's reason says to do. */
    static final String TIMEOUT_HINT = "raise toolTimeout on the step or in the global configuration";

    public EngineRequest {
        Objects.requireNonNull(configFile, "configFile");
        stacks = Collections.unmodifiableList(new ArrayList<>(stacks));
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        StartedBy.valueOf(startedBy);
        changedFiles = Collections.unmodifiableList(new ArrayList<>(changedFiles));
        toolPaths = Collections.unmodifiableMap(new TreeMap<>(toolPaths));
        buildEnvironment = Collections.unmodifiableMap(new TreeMap<>(buildEnvironment));
        approvedPlans = Collections.unmodifiableMap(new TreeMap<>(approvedPlans));
        commit = Objects.requireNonNullElse(commit, "");
        approvalSource = Objects.requireNonNullElse(approvalSource, "");
        valueKey = Objects.requireNonNullElse(valueKey, "");
        if (toolTimeoutSeconds < 0) {
            throw new IllegalArgumentException("the tool timeout cannot be negative: " + toolTimeoutSeconds);
        }
        Objects.requireNonNull(timing, "timing");
    }

    /** A request whose stacks are taken when due, without approved plans. */
    public EngineRequest(final String configFile, final List<String> stacks, final int parallelism, final DeployMode mode,
            final Approval approval, final DeployKind kind, final String runId, final String cause, final String startedBy,
            final List<String> changedFiles, final Map<String, String> toolPaths, final Map<String, String> buildEnvironment,
            final long toolTimeoutSeconds) {
        this(configFile, stacks, parallelism, mode, approval, kind, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment, toolTimeoutSeconds, Timing.WHEN_DUE);
    }

    /** A request without approved plans. */
    public EngineRequest(final String configFile, final List<String> stacks, final int parallelism, final DeployMode mode,
            final Approval approval, final DeployKind kind, final String runId, final String cause, final String startedBy,
            final List<String> changedFiles, final Map<String, String> toolPaths, final Map<String, String> buildEnvironment,
            final long toolTimeoutSeconds, final Timing timing) {
        this(configFile, stacks, parallelism, mode, approval, kind, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment, Map.of(), "", "", "", toolTimeoutSeconds, timing);
    }

    /** A request whose stacks are taken when due. */
    public EngineRequest(final String configFile, final List<String> stacks, final int parallelism, final DeployMode mode,
            final Approval approval, final DeployKind kind, final String runId, final String cause, final String startedBy,
            final List<String> changedFiles, final Map<String, String> toolPaths, final Map<String, String> buildEnvironment,
            final Map<String, String> approvedPlans, final String commit, final String approvalSource, final long toolTimeoutSeconds) {
        this(configFile, stacks, parallelism, mode, approval, kind, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment, approvedPlans, commit, approvalSource, "", toolTimeoutSeconds, Timing.WHEN_DUE);
    }

    /** A request with the engine's default tool timeouts. */
    public EngineRequest(final String configFile, final List<String> stacks, final int parallelism, final DeployMode mode,
            final Approval approval, final DeployKind kind, final String runId, final String cause, final String startedBy,
            final List<String> changedFiles, final Map<String, String> toolPaths, final Map<String, String> buildEnvironment) {
        this(configFile, stacks, parallelism, mode, approval, kind, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment, 0);
    }

    /** A copy with the plans an approval approved, the commit of this build's plans and where the approval was made. */
    public EngineRequest withApprovedPlans(final Map<String, String> plans, final String planCommit, final String source) {
        return withApprovedPlans(plans, planCommit, source, valueKey);
    }

    /** As {@link #withApprovedPlans(Map, String, String)}, with the job's key of plan values (hex; empty: none). */
    public EngineRequest withApprovedPlans(final Map<String, String> plans, final String planCommit, final String source,
            final String key) {
        return new EngineRequest(configFile, stacks, parallelism, mode, approval, kind, runId, cause, startedBy,
                changedFiles, toolPaths, buildEnvironment, plans, planCommit, source, key, toolTimeoutSeconds, timing);
    }

    /** The key the agent digests plan values under. */
    public ValueKey planValueKey() {
        return valueKey.isEmpty() ? ValueKey.NONE : ValueKey.of(HexFormat.of().parseHex(valueKey));
    }

    /** The same request for other stacks (the selection an approval narrows it to). */
    public EngineRequest withStacks(final List<String> selection) {
        return new EngineRequest(configFile, selection, parallelism, mode, approval, kind, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment, approvedPlans, commit, approvalSource, valueKey, toolTimeoutSeconds, timing);
    }

    /** The config file inside the workspace; its directory is the repository root. */
    public Path configPath(final Path workspace) {
        return workspace.resolve(configFile).normalize();
    }

    public Path repositoryRoot(final Path workspace) {
        Path parent = configPath(workspace).getParent();
        return parent == null ? workspace : parent;
    }

    /** The core's request for this step, rooted at the workspace on the agent. */
    public RunRequest toRunRequest(final Path workspace) {
        Map<StackId, String> plans = new TreeMap<>();
        approvedPlans.forEach((stack, digest) -> plans.put(StackId.of(stack), digest));
        return new RunRequest(configPath(workspace), repositoryRoot(workspace), stacks,
                parallelism > 0 ? OptionalInt.of(parallelism) : OptionalInt.empty(), StartedBy.valueOf(startedBy),
                changedUnderRoot(workspace), runId, cause, mode, approval, kind, Set.of(), timing)
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
     * Configured tool paths (tools not named are looked up on the build's {@code PATH}) and the tool timeout: the
     * one given counts for every step of a stack, else a plan gets 10 minutes and an apply an hour.
     */
    public ToolSettings toolSettings() {
        Map<Tool, String> executables = new EnumMap<>(Tool.class);
        for (Tool tool : Tool.values()) {
            String path = toolPaths.get(tool.word().toLowerCase(Locale.ROOT));
            if (path != null && !path.isBlank()) {
                executables.put(tool, path);
            }
        }
        ToolSettings settings = ToolSettings.defaults().withTimeoutHint(TIMEOUT_HINT);
        for (Map.Entry<Tool, String> executable : executables.entrySet()) {
            settings = settings.withExecutable(executable.getKey(), executable.getValue());
        }
        return toolTimeoutSeconds > 0 ? settings.withTimeout(Duration.ofSeconds(toolTimeoutSeconds)) : settings;
    }

    /** Names the variables of the build's environment, never their values (it can hold a withCredentials secret). */
    @Override
    public String toString() {
        return "EngineRequest[" + configFile + ", stacks " + stacks + ", run " + runId + ", " + startedBy
                + ", build variables " + buildEnvironment.keySet() + "]";
    }
}
