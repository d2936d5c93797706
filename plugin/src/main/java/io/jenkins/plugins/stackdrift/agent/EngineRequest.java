package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.StartedBy;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.spi.ToolSettings;

/**
 * What a step asks the engine to do, in plain values. It crosses to the agent (Java serialization over
 * remoting), so it holds only JDK types on core's class-filter whitelist and never a secret; on the agent
 * it becomes the core's {@link RunRequest} and {@link ToolSettings}.
 *
 * @param configFile       the configuration file relative to the workspace ({@code stacks.yaml} by default)
 * @param stacks           selected stack ids or globs; empty = every stack
 * @param parallelism      stacks run at once; 0 = the file's or the engine's default
 * @param rehearsal        deploy: plan everything in order, apply nothing
 * @param approved         deploy: a person approved the stacks awaiting approval
 * @param destroy          deploy: destroy the stacks in reverse dependency order
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
 */
public record EngineRequest(String configFile, List<String> stacks, int parallelism, boolean rehearsal, boolean approved,
        boolean destroy, String runId, String cause, String startedBy, List<String> changedFiles, Map<String, String> toolPaths,
        Map<String, String> buildEnvironment, Map<String, String> approvedPlans, String commit, String approvalSource)
        implements Serializable {
    private static final long serialVersionUID = 4L;

    public EngineRequest {
        Objects.requireNonNull(configFile, "configFile");
        stacks = Collections.unmodifiableList(new ArrayList<>(stacks));
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        StartedBy.valueOf(startedBy);
        changedFiles = Collections.unmodifiableList(new ArrayList<>(changedFiles));
        toolPaths = Collections.unmodifiableMap(new TreeMap<>(toolPaths));
        buildEnvironment = Collections.unmodifiableMap(new TreeMap<>(buildEnvironment));
        approvedPlans = Collections.unmodifiableMap(new TreeMap<>(approvedPlans));
        commit = Objects.requireNonNullElse(commit, "");
        approvalSource = Objects.requireNonNullElse(approvalSource, "");
    }

    /** A request without approved plans. */
    public EngineRequest(final String configFile, final List<String> stacks, final int parallelism, final boolean rehearsal,
            final boolean approved, final boolean destroy, final String runId, final String cause, final String startedBy,
            final List<String> changedFiles, final Map<String, String> toolPaths, final Map<String, String> buildEnvironment) {
        this(configFile, stacks, parallelism, rehearsal, approved, destroy, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment, Map.of(), "", "");
    }

    /** A copy with the plans an approval approved, the commit of this build's plans and where the approval was made. */
    public EngineRequest withApprovedPlans(final Map<String, String> plans, final String planCommit, final String source) {
        return new EngineRequest(configFile, stacks, parallelism, rehearsal, approved, destroy, runId, cause, startedBy,
                changedFiles, toolPaths, buildEnvironment, plans, planCommit, source);
    }

    /** A request that deploys (or previews, checks): no destroy. */
    public EngineRequest(final String configFile, final List<String> stacks, final int parallelism, final boolean rehearsal,
            final boolean approved, final String runId, final String cause, final String startedBy, final List<String> changedFiles,
            final Map<String, String> toolPaths, final Map<String, String> buildEnvironment) {
        this(configFile, stacks, parallelism, rehearsal, approved, false, runId, cause, startedBy, changedFiles, toolPaths,
                buildEnvironment);
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
                changedUnderRoot(workspace), runId, cause, rehearsal, approved, destroy)
                .withApprovedPlans(new PlanDigest.Approved(plans, commit, approvalSource));
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

    /** Configured tool paths; tools not named are looked up on the build's {@code PATH}. */
    public ToolSettings toolSettings() {
        Map<Tool, String> executables = new EnumMap<>(Tool.class);
        for (Tool tool : Tool.values()) {
            String path = toolPaths.get(tool.word().toLowerCase(Locale.ROOT));
            if (path != null && !path.isBlank()) {
                executables.put(tool, path);
            }
        }
        return new ToolSettings(executables, ToolSettings.DEFAULT_TIMEOUT);
    }
}
