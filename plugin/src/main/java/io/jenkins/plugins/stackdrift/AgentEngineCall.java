package io.jenkins.plugins.stackdrift;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import hudson.Launcher;
import hudson.model.TaskListener;
import hudson.remoting.VirtualChannel;
import io.stackdrift.record.RunRecord;
import io.stackdrift.tool.ProcessRunner;
import jenkins.MasterToSlaveFileCallable;

/**
 * Runs the engine on the agent, against the workspace there: config reading, tool processes (through a
 * local {@link Launcher}) and plan parsing all stay on the agent; only an {@link AgentOutcome} comes
 * back, and the run record is left in {@code recordFile} for the controller to copy. Secrets travel here
 * inside {@link StackCredentials} (as credentials-binding's environment does) and are masked in the log.
 */
final class AgentEngineCall extends MasterToSlaveFileCallable<AgentOutcome> {
    private static final long serialVersionUID = 1L;

    private final Operation operation;
    private final EngineRequest request;
    private final StackCredentials credentials;
    private final TaskListener listener;
    private final String recordFile;
    private final EngineFactory engineFactory;

    AgentEngineCall(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final TaskListener listener, final String recordFile, final EngineFactory engineFactory) {
        this.operation = operation;
        this.request = request;
        this.credentials = credentials;
        this.listener = listener;
        this.recordFile = recordFile;
        this.engineFactory = engineFactory;
    }

    @Override
    public AgentOutcome invoke(final File workspace, final VirtualChannel channel) throws IOException, InterruptedException {
        PrintStream log = new PrintStream(new SecretMaskingOutputStream(listener.getLogger(), credentials.secretValues()),
                true, StandardCharsets.UTF_8);
        try {
            return run(engineFactory.create(), workspace.toPath(), log);
        } finally {
            log.close();
        }
    }

    AgentOutcome run(final StackDriftEngine engine, final Path workspace, final PrintStream log)
            throws IOException, InterruptedException {
        if (operation == Operation.VALIDATE) {
            return AgentOutcome.validated(engine.validate(workspace, request));
        }
        try {
            if (operation == Operation.CREDENTIALS) {
                return AgentOutcome.credentials(engine.credentialsNeeded(workspace, request));
            }
            ProcessRunner runner = new LauncherProcessRunner(new Launcher.LocalLauncher(new PrintStreamListener(log)),
                    new PrintStreamListener(log));
            RunRecord record;
            switch (operation) {
                case PREVIEW:
                    record = engine.preview(workspace, request, credentials, runner, log);
                    break;
                case CHECK:
                    record = engine.check(workspace, request, credentials, runner, log);
                    break;
                default:
                    record = engine.deploy(workspace, request, credentials, runner, log);
                    break;
            }
            RunRecordJson.write(record, Path.of(recordFile));
            return AgentOutcome.recorded();
        } catch (InvalidConfigurationException e) {
            return AgentOutcome.invalid(e.getProblems());
        }
    }
}
