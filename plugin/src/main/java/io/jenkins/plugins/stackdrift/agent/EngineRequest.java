package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

import io.stackdrift.durable.StepRequest;
import io.stackdrift.engine.RunRequest;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.spi.ToolSettings;

/**
 * What a step asks the engine to do: the core's {@link StepRequest} (the one typed request, built with defaults), with
 * what the plugin adds to it (how a timed-out stack says to raise the timeout, the tool paths by word for the launch
 * policy). It crosses to the agent (Java serialization over remoting) and is kept with a running step, so it holds
 * JDK types and the core's value types only, each named in the plugin's {@code META-INF/hudson.remoting.ClassFilter}
 * for the controller's class filter, which admits the plugin's own classes but not those of a library it bundles.
 *
 * @param value        the request
 * @param policyChecks the policy checks the controller's launch policy admits for the step's stacks (set after the
 *                     step's first agent call; a request kept from an older release has none)
 */
public record EngineRequest(StepRequest value, PolicyChecks policyChecks) implements Serializable {
    private static final long serialVersionUID = 7L;
    /** What a timed-out stack's reason says to do. */
    static final String TIMEOUT_HINT = "raise toolTimeout on the step or in the global configuration";

    public EngineRequest {
        Objects.requireNonNull(value, "value");
        policyChecks = policyChecks == null ? PolicyChecks.none() : policyChecks;
    }

    /** A request whose stacks have no policy check admitted (yet). */
    public EngineRequest(final StepRequest value) {
        this(value, PolicyChecks.none());
    }

    /** The same request with the fields {@code change} sets on a builder of it. */
    public EngineRequest with(final UnaryOperator<StepRequest.Builder> change) {
        return new EngineRequest(change.apply(value.toBuilder()).build(), policyChecks);
    }

    /** The same request, its launch policy admitting {@code checks}. */
    public EngineRequest withPolicyChecks(final PolicyChecks checks) {
        return new EngineRequest(value, checks);
    }

    /** Tool word ({@code terraform}, {@code tofu}, {@code pulumi}) → path, as the global configuration keeps them. */
    public static Map<Tool, String> toolsByWord(final Map<String, String> byWord) {
        Map<Tool, String> tools = new EnumMap<>(Tool.class);
        byWord.forEach((word, path) -> Tool.fromWord(word).ifPresent(tool -> tools.put(tool, path)));
        return tools;
    }

    public String configFile() {
        return value.configFile();
    }

    public List<String> stacks() {
        return value.stacks();
    }

    public int parallelism() {
        return value.parallelism();
    }

    public DeployMode mode() {
        return value.deploy().mode();
    }

    public Approval approval() {
        return value.deploy().approval();
    }

    public DeployKind kind() {
        return value.deploy().kind();
    }

    public String runId() {
        return value.runId();
    }

    public String commit() {
        return value.commit();
    }

    public Map<String, String> buildEnvironment() {
        return value.buildEnvironment();
    }

    /** The configured tool paths by tool word, as the launch policy reads them. */
    public Map<String, String> toolPaths() {
        Map<String, String> byWord = new TreeMap<>();
        value.toolPaths().forEach((tool, path) -> byWord.put(tool.word(), path));
        return byWord;
    }

    /** The same request for other stacks (the selection an approval narrows it to). */
    public EngineRequest withStacks(final List<String> selection) {
        return with(b -> b.stacks(selection));
    }

    /** The key the agent digests plan values under. */
    public ValueKey planValueKey() {
        return value.planValueKey();
    }

    /** The config file inside the workspace; its directory is the repository root. */
    public Path configPath(final Path workspace) {
        return value.configPath(workspace);
    }

    public Path repositoryRoot(final Path workspace) {
        return value.repositoryRoot(workspace);
    }

    /** The core's request for this step, rooted at the workspace on the agent. */
    public RunRequest toRunRequest(final Path workspace) {
        return value.toRunRequest(workspace);
    }

    /** The changed files inside the repository root, relative to it ({@code /}-separated); others are left out. */
    public Set<String> changedUnderRoot(final Path workspace) {
        return value.changedUnderRoot(workspace);
    }

    /**
     * Configured tool paths (tools not named are looked up on the build's {@code PATH}) and the tool timeout: the
     * one given counts for every step of a stack, else a plan gets 10 minutes and an apply an hour.
     */
    public ToolSettings toolSettings() {
        return value.toolSettings(TIMEOUT_HINT);
    }

    /** Names the variables of the build's environment, never their values (it can hold a withCredentials secret). */
    @Override
    public String toString() {
        return "EngineRequest[" + value + "]";
    }
}
