package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import hudson.FilePath;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.RunDetails;

import io.stackdrift.record.RunRecord;

/**
 * The gateway over a workspace {@link FilePath}: the engine runs on that agent via {@link AgentEngineCall},
 * in a temporary directory of the step beside the workspace ({@code ws@tmp}), deleted when the step ends.
 */
public final class AgentEngineGateway implements EngineGateway, AutoCloseable {
    private final FilePath workspace;
    private final FilePath temp;
    private final TaskListener listener;

    public AgentEngineGateway(final FilePath workspace, final FilePath temp, final TaskListener listener) {
        this.workspace = workspace;
        this.temp = temp;
        this.listener = listener;
    }

    @Override
    public AgentOutcome read(final Operation operation, final EngineRequest request) throws IOException, InterruptedException {
        return workspace.act(new AgentEngineCall(operation, request, StackCredentials.none(), listener, temp.getRemote(),
                Set.of(), Set.of()));
    }

    @Override
    public AgentOutcome run(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final Path history, final List<String> historyFiles, final Set<String> lockedStacks,
            final Set<String> heldElsewhere)
            throws IOException, InterruptedException {
        FilePath copy = temp.child(AgentEngineCall.HISTORY_DIR);
        for (String file : historyFiles) {
            try (InputStream in = Files.newInputStream(history.resolve(file))) {
                copy.child(file).copyFrom(in);
            }
        }
        temp.child(AgentEngineCall.ENDED_FILE).delete();
        return workspace.act(new AgentEngineCall(operation, request, credentials, listener, temp.getRemote(), lockedStacks,
                heldElsewhere));
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
