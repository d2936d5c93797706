package io.jenkins.plugins.stackdrift;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

import io.stackdrift.record.RunRecord;
import io.stackdrift.tool.ProcessRunner;

/**
 * The port through which the Jenkins layer drives the Jenkins-free engine (stack-drift-core). It runs
 * on the agent, inside {@link AgentEngineCall}, against the workspace there.
 *
 * <p>TODO(core wiring): implemented by the lead over {@code io.stackdrift.config.ConfigLoader},
 * the drift/deploy orchestrators and {@code io.stackdrift.record}; see {@link EngineFactory#core()}.
 */
public interface StackDriftEngine {
    /** Check mode (spec §3): files only, no tool, no credentials. */
    ValidationOutcome validate(Path repositoryRoot, EngineRequest request);

    /**
     * The credentials the selected stacks name: stack id → (environment variable → credentials id).
     *
     * @throws InvalidConfigurationException with every problem when the configuration is invalid
     */
    Map<String, Map<String, String>> credentialsNeeded(Path repositoryRoot, EngineRequest request)
            throws InvalidConfigurationException;

    /** Previews of the selected stacks (spec §4). Stacks in {@link StackCredentials#failures()} fail without a tool run. */
    RunRecord preview(Path repositoryRoot, EngineRequest request, StackCredentials credentials, ProcessRunner runner,
            PrintStream log) throws InvalidConfigurationException, InterruptedException;

    /** Drift checks of the due stacks, applying each stack's mode (spec §4, §5). */
    RunRecord check(Path repositoryRoot, EngineRequest request, StackCredentials credentials, ProcessRunner runner,
            PrintStream log) throws InvalidConfigurationException, InterruptedException;

    /** A dependency-aware deploy (spec §6). */
    RunRecord deploy(Path repositoryRoot, EngineRequest request, StackCredentials credentials, ProcessRunner runner,
            PrintStream log) throws InvalidConfigurationException, InterruptedException;
}
