package io.jenkins.plugins.stackdrift.steps;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.AbortException;
import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.slaves.WorkspaceList;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.AgentEngineGateway;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.StaleStepDirectories;
import io.jenkins.plugins.stackdrift.agent.ToolStops;
import io.jenkins.plugins.stackdrift.credentials.BuildCredentialsLookup;
import io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment;
import io.jenkins.plugins.stackdrift.credentials.ScmRevisions;
import io.jenkins.plugins.stackdrift.credentials.WorkspaceSecretFiles;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.SavedStackLocks;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import io.jenkins.plugins.stackdrift.trigger.ApprovalsJobProperty;
import io.jenkins.plugins.stackdrift.trigger.PlanValueKeys;
import jenkins.util.Timer;
import org.jenkinsci.plugins.credentialsbinding.masking.SecretPatterns;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;

/**
 * Runs a Stack Drift step off the CPS thread (it launches processes and waits). Not resumable after a
 * controller restart (SynchronousNonBlockingStepExecution fails the step then), so it keeps only
 * serializable settings.
 */
final class StackDriftStepExecution extends SynchronousNonBlockingStepExecution<Map<String, Object>> {
    private static final long serialVersionUID = 1L;

    private final StepSettings settings;
    private final Operation operation;
    /** What an approval of the step's stacks demands, the step's own (the job's may be stricter). */
    private final ApprovalRules approvalRules;

    StackDriftStepExecution(final StepSettings settings, final Operation operation, final StepContext context) {
        this(settings, operation, context, ApprovalRules.DEFAULT);
    }

    StackDriftStepExecution(final StepSettings settings, final Operation operation, final StepContext context,
            final ApprovalRules approvalRules) {
        super(context);
        this.settings = settings;
        this.operation = operation;
        this.approvalRules = approvalRules;
    }

    /**
     * How long an abort lets the step clean up, besides the tools' grace ({@link ToolStops}), before it is ended anyway:
     * longer than the step's own bounded waits (a tool's kill, the launch service's {@code STOP_WAIT},
     * StackDriftStepRun.AGENT_STOP_WAIT_MILLIS).
     */
    static final Duration STOP_FALLBACK = Duration.ofSeconds(60);

    /** The tools' grace and the cleanup's own time: a tool asked to stop gets its whole grace before the step ends. */
    static Duration stopFallback(final ToolStops stops) {
        return stops.stopWait().plus(STOP_FALLBACK);
    }

    /** The running step, for an abort (not kept: after a restart the step fails and there is nothing to wait for). */
    @CheckForNull private transient volatile StepWorker worker;

    @Override
    protected Map<String, Object> run() throws Exception {
        StepWorker current = new StepWorker();
        current.enter();
        worker = current;
        try {
            return current.returned(runStep());
        } catch (Exception e) {
            throw current.failure(e);
        } finally {
            current.exit();
        }
    }

    /**
     * Called on the Pipeline's VM thread: interrupts the step and returns at once. The step ends itself when its
     * cleanup is done (tools killed and awaited, interrupted trail entries, files deleted, locks let go), or after
     * {@link #STOP_FALLBACK}; Jenkins' own stop (which ends the step at once) only when no step runs here.
     */
    @Override
    public void stop(@NonNull final Throwable cause) throws Exception {
        StepWorker current = worker;
        if (current != null && current.stop(cause, Timer.get(), stopFallback(ToolStops.configured()), getContext()::onFailure)) {
            return;
        }
        super.stop(cause);
    }

    @SuppressWarnings("try") // the secret files and the gateway may throw InterruptedException while they close
    private Map<String, Object> runStep() throws Exception {
        StepContext context = getContext();
        Run<?, ?> run = context.get(Run.class);
        TaskListener listener = context.get(TaskListener.class);
        FilePath workspace = context.get(FilePath.class);
        EnvVars environment = context.get(EnvVars.class);
        if (workspace == null || run == null || listener == null) {
            throw new AbortException(Messages.noWorkspace());
        }
        FilePath temp = tempDir(workspace);
        int swept = temp.act(new StaleStepDirectories(run.getId()));
        if (swept > 0) {
            listener.getLogger().println(Messages.sweptStaleDirectories(swept));
        }
        FilePath stepDir = temp.child(StaleStepDirectories.stepDirectoryName(run.getId(),
                operation.name().toLowerCase(Locale.ROOT), UUID.randomUUID().toString()));
        stepDir.mkdirs();
        try (WorkspaceSecretFiles secretFiles = new WorkspaceSecretFiles(stepDir);
                AgentEngineGateway gateway = new AgentEngineGateway(workspace, stepDir, listener, context.get(Launcher.class))) {
            StackDriftGlobalConfiguration.Defaults defaults = StackDriftGlobalConfiguration.forJob(run.getParent());
            // the locks saved before a restart are held again before this step asks for any
            SavedStackLocks.ensureRestored();
            return new StackDriftStepRun(settings, operation, run, listener, gateway,
                    new CredentialsEnvironment(new BuildCredentialsLookup(run), secretFiles, SecretPatterns::getAggregateSecretPattern)
                            .withAllowed(AllowLists.of(settings, defaults)), defaults,
                    environment == null ? Map.of() : environment, JobHistory.inJobDir(run.getParent().getRootDir()),
                    context.get(FlowNode.class), new ScmRevisions(run, listener))
                    .withApprovals(approvalRules.within(ApprovalsJobProperty.rulesOf(run.getParent())),
                            PlanValueKeys.forJob(run.getParent()), BuildCommit.of(run)).run();
        }
    }

    /** Where Jenkins keeps the workspace's temporary files ({@code <workspace>@tmp}, its suffix configurable). */
    static FilePath tempDir(final FilePath workspace) {
        FilePath temp = WorkspaceList.tempDir(workspace);
        return temp == null ? workspace.child(".stack-drift-tmp") : temp;
    }
}
