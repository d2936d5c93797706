package io.jenkins.plugins.stackdrift;

import java.io.File;
import java.io.IOException;
import java.util.Optional;

import hudson.FilePath;
import hudson.model.TaskListener;
import io.stackdrift.record.RunRecord;

/** The gateway over a workspace {@link FilePath}: the engine runs on that agent via {@link AgentEngineCall}. */
final class AgentEngineGateway implements EngineGateway {
    private final FilePath workspace;
    private final FilePath recordFile;
    private final TaskListener listener;
    private final EngineFactory engineFactory;

    AgentEngineGateway(final FilePath workspace, final FilePath recordFile, final TaskListener listener,
            final EngineFactory engineFactory) {
        this.workspace = workspace;
        this.recordFile = recordFile;
        this.listener = listener;
        this.engineFactory = engineFactory;
    }

    @Override
    public AgentOutcome call(final Operation operation, final EngineRequest request, final StackCredentials credentials)
            throws IOException, InterruptedException {
        return workspace.act(new AgentEngineCall(operation, request, credentials, listener, recordFile.getRemote(),
                engineFactory));
    }

    @Override
    public Optional<RunRecord> storeRecord(final File buildDir) throws IOException, InterruptedException {
        if (!recordFile.exists()) {
            return Optional.empty();
        }
        RunDetails.store(recordFile, buildDir);
        recordFile.delete();
        return new RunDetails(buildDir).load();
    }
}
