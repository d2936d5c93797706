package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.RunDetails;

import io.stackdrift.record.RunRecord;
import io.stackdrift.runner.Heartbeat;
import io.stackdrift.runner.ToolWrapper;

/**
 * {@link AgentEngineGateway} without a channel, for tests on this machine: the same agent call
 * ({@link AgentEngineCall#invoke}, with its masking log), the same history copy and record store, with
 * java.nio in place of FilePath (whose stand-in only declares its methods). Tools start through {@code tools}: by
 * default a {@link FakeLocalLauncher} under the controller's {@link LaunchPolicy} for this workspace and step
 * directory, so every command the engine issues in these tests passes the policy the real service applies.
 */
public record LocalEngineGateway(Path workspace, Path temp, TaskListener listener, ToolLaunchService tools) implements EngineGateway {
    /** A short grace, so a stopped shell-script tool (deaf to SIGINT) is killed soon; the agent's heartbeat as in Jenkins. */
    public static final ToolStops STOPS = new ToolStops(Duration.ofSeconds(2), Heartbeat.LOST_AFTER);

    public LocalEngineGateway(final Path workspace, final Path temp, final TaskListener listener) {
        this(workspace, temp, listener, null);
    }

    @Override
    public AgentOutcome read(final Operation operation, final EngineRequest request) throws IOException, InterruptedException {
        return new AgentEngineCall(operation, request, StackCredentials.none(), listener, temp.toString(), Set.of(), Set.of(),
                null).invoke(workspace.toFile(), null);
    }

    @Override
    public AgentOutcome run(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final Path history, final List<String> historyFiles, final Set<String> lockedStacks,
            final Set<String> heldElsewhere)
            throws IOException, InterruptedException {
        return run(operation, request, credentials, history, historyFiles, lockedStacks, heldElsewhere, ShardRoute.none());
    }

    /** As the agent's gateway, the route's board reached directly: no channel to export it over. */
    @Override
    public AgentOutcome run(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final Path history, final List<String> historyFiles, final Set<String> lockedStacks,
            final Set<String> heldElsewhere, final ShardRoute route)
            throws IOException, InterruptedException {
        for (String file : historyFiles) {
            Path target = temp.resolve(AgentEngineCall.HISTORY_DIR).resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(history.resolve(file), target, StandardCopyOption.REPLACE_EXISTING);
        }
        ToolLaunchService service = tools != null ? tools
                : new FakeLocalLauncher(new LaunchPolicy(request.toolPaths(), workspace.toString(), temp.toString(),
                        request.buildEnvironment(), credentials.boundEnvironments(), request.policyChecks()));
        // as AgentEngineGateway: the service is closed (its tools asked to stop, killed after the grace, and awaited)
        // when the call returns
        service.gentleStop(() -> {
            if (!Files.exists(temp.resolve(ToolWrapper.STOP_FILE))) {
                Files.createFile(temp.resolve(ToolWrapper.STOP_FILE));
            }
        }, STOPS);
        return service.serve(() -> new AgentEngineCall(operation, request, credentials, listener, temp.toString(), lockedStacks,
                heldElsewhere, service, route).withStops(STOPS).invoke(workspace.toFile(), null), listener.getLogger());
    }

    @Override
    public Optional<RunRecord> storeRecord(final File buildDir) throws IOException, InterruptedException {
        Path record = temp.resolve(AgentEngineCall.RECORD_FILE);
        if (!Files.exists(record)) {
            return Optional.empty();
        }
        RunDetails.store(out -> Files.copy(record, out), buildDir);
        return new RunDetails(buildDir).load();
    }
}
