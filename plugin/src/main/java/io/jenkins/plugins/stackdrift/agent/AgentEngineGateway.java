package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.RunDetails;

import io.stackdrift.record.RunRecord;

/**
 * The gateway over a workspace {@link FilePath}: the engine runs on that agent via {@link AgentEngineCall},
 * in a temporary directory of the step beside the workspace ({@code ws@tmp}), deleted when the step ends. Its tool
 * processes start through the step's launcher ({@link JenkinsToolLauncher}), which the call reaches back over the
 * channel; the launcher's service is closed when the call returns, killing (by cookie) and awaiting any process the
 * call left running.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it deletes files on the agent through FilePath
public final class AgentEngineGateway implements EngineGateway, AutoCloseable {
    private final FilePath workspace;
    private final FilePath temp;
    private final TaskListener listener;
    @CheckForNull private final Launcher launcher;

    /** Runs durably, or null: the engine runs inside the agent call. */
    @CheckForNull private final DurableEngine durable;

    /** @param launcher the step context's launcher (decorated by {@code container()}, {@code docker.inside}, …) */
    public AgentEngineGateway(final FilePath workspace, final FilePath temp, final TaskListener listener,
            @CheckForNull final Launcher launcher) {
        this(workspace, temp, listener, launcher, null);
    }

    /**
     * @param durable how a preview, check or deploy of a step of its own runs durably ({@link DurableEngine}); null to
     *                run every engine call inside the agent call
     */
    public AgentEngineGateway(final FilePath workspace, final FilePath temp, final TaskListener listener,
            @CheckForNull final Launcher launcher, @CheckForNull final DurableEngine durable) {
        this.workspace = workspace;
        this.temp = temp;
        this.listener = listener;
        this.launcher = launcher;
        this.durable = durable;
    }

    @Override
    public AgentOutcome read(final Operation operation, final EngineRequest request) throws IOException, InterruptedException {
        return workspace.act(new AgentEngineCall(operation, request, StackCredentials.none(), listener, temp.getRemote(),
                Set.of(), Set.of(), null));
    }

    @Override
    public AgentOutcome run(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final Path history, final List<String> historyFiles, final Set<String> lockedStacks,
            final Set<String> heldElsewhere)
            throws IOException, InterruptedException {
        return run(operation, request, credentials, history, historyFiles, lockedStacks, heldElsewhere, ShardRoute.none());
    }

    @Override
    public AgentOutcome run(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final Path history, final List<String> historyFiles, final Set<String> lockedStacks,
            final Set<String> heldElsewhere, final ShardRoute route)
            throws IOException, InterruptedException {
        // the board stays on the controller: the agent call carries a proxy of it, as it carries the launcher's
        ShardRoute routed = route.exportedOver(workspace.getChannel());
        Launcher steps = usableLauncher(launcher);
        FilePath copy = temp.child(AgentEngineCall.HISTORY_DIR);
        for (String file : historyFiles) {
            try (InputStream in = Files.newInputStream(history.resolve(file))) {
                copy.child(file).copyFrom(in);
            }
        }
        if (durable != null && DurableEngine.runsDurably(operation, route)) {
            return durable.start(operation, request, credentials, workspace, temp, lockedStacks, heldElsewhere,
                    EngineAttachment.deploying(operation, request.mode(), lockedStacks), route);
        }
        temp.child(AgentEngineCall.ENDED_FILE).delete();
        LaunchPolicy policy = new LaunchPolicy(request.toolPaths(), workspace.getRemote(), temp.getRemote(),
                request.buildEnvironment(), credentials.boundEnvironments(), request.policyChecks());
        ToolStops stops = ToolStops.configured();
        JenkinsToolLauncher tools = new JenkinsToolLauncher(steps, workspace.getChannel(), policy, temp.getRemote(), stops);
        // however the call ends (an abort returns here while the agent still works), the tools it started are asked to
        // stop (SIGINT), killed by their cookies after the grace if they have not, and awaited before the step lets go
        // of its locks
        return tools.serve(() -> workspace.act(new AgentEngineCall(operation, request, credentials, listener, temp.getRemote(),
                lockedStacks, heldElsewhere, tools.forAgent(), routed).withStops(stops)), listener.getLogger());
    }

    /**
     * The launcher tools can start through: a Unix one, since they start as {@code sh -c} (as {@code sh} does). Checked
     * before anything is copied to the agent, so a Windows agent fails the step with this message at once.
     */
    static Launcher usableLauncher(@CheckForNull final Launcher launcher) throws AbortException {
        if (launcher == null) {
            throw new AbortException("Stack Drift: the step has no launcher in its context; run it inside node { }");
        }
        if (!launcher.isUnix()) {
            throw new AbortException("Stack Drift starts its tools through sh, as the sh step does; Windows agents are not"
                    + " supported yet: run the step on a Linux or macOS agent, or in a Linux container");
        }
        return launcher;
    }

    @Override
    public AgentOutcome resume(final EngineAttachment attachment, final Map<String, String> buildEnvironment,
            final ShardRoute route) throws IOException, InterruptedException {
        if (durable == null) {
            return EngineGateway.super.resume(attachment, buildEnvironment, route);
        }
        return durable.resume(attachment, buildEnvironment, route);
    }

    @Override
    public boolean durable() {
        return durable != null;
    }

    @Override
    public Optional<RunRecord> storeRecord(final File buildDir) throws IOException, InterruptedException {
        FilePath recordFile = temp.child(AgentEngineCall.RECORD_FILE);
        if (!recordFile.exists()) {
            return Optional.empty();
        }
        RunDetails.store(recordFile::copyTo, buildDir);
        return new RunDetails(buildDir).load();
    }

    /** Polls for the marker the agent call leaves when it ends; a lost channel ends the wait at once. */
    @Override
    public void awaitStopped(final long millis) {
        FilePath ended = temp.child(AgentEngineCall.ENDED_FILE);
        long deadline = System.currentTimeMillis() + millis;
        try {
            while (!ended.exists() && System.currentTimeMillis() < deadline) {
                Thread.sleep(200);
            }
        } catch (IOException e) {
            // the agent is gone: nothing there to wait for
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (temp.exists()) {
            temp.deleteRecursive();
        }
    }
}
