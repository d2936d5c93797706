package io.jenkins.plugins.stackdrift.steps;

import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.AbortException;
import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.security.ACL;
import hudson.security.ACLContext;
import hudson.slaves.WorkspaceList;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.AgentEngineGateway;
import io.jenkins.plugins.stackdrift.agent.ControllerLife;
import io.jenkins.plugins.stackdrift.agent.DurableEngine;
import io.jenkins.plugins.stackdrift.agent.EngineAttachment;
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
import jenkins.model.Jenkins;
import jenkins.util.Timer;
import org.jenkinsci.plugins.credentialsbinding.masking.SecretPatterns;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.SynchronousNonBlockingStepExecution;
import org.springframework.security.core.Authentication;

/**
 * Runs a Stack Drift step off the CPS thread (it reads the configuration, binds credentials, waits for locks). When
 * steps run durably ({@link DurableEngine}), a preview, check or deploy of a step of its own runs its engine as a
 * process on the agent, and the step keeps an {@link EngineAttachment} to it: after a restart of the controller,
 * {@link #onResume()} follows that engine to its end. A step restarted before its engine started (reading the
 * configuration, binding credentials, waiting for a lock) runs again from the start, as nothing of it ran; so does a
 * validation or graph, which runs no tool. With durable steps off, a preview, check or deploy restarted fails, as
 * SynchronousNonBlockingStepExecution's steps do (its tools ran inside the agent call the restart cut).
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

    /** The running step, for an abort (not kept: a resumed step has its own). */
    @CheckForNull private transient volatile StepWorker worker;
    /** The engine process this step follows, once started (kept with the step across a restart). */
    @CheckForNull private volatile EngineAttachment attached;
    /** Whether a restart before the engine started runs the step again (its engine runs durably, or it runs none). */
    private volatile boolean rerunnable;
    /** The step directory made on the agent, which a run again after a restart deletes first (it may hold secrets). */
    @CheckForNull private volatile String madeDir;
    /** When the step's state was last saved for a moved console offset. */
    private transient volatile long savedAt;

    /** Keeps the attachment with the step: saved at once when the engine starts, then at most every few seconds. */
    @SuppressWarnings("FutureReturnValueIgnored") // Pipeline logs a save that fails; the next save carries the state
    private void attach(final EngineAttachment attachment) {
        EngineAttachment before = attached;
        boolean first = before == null || !before.stepDir().equals(attachment.stepDir());
        attached = attachment;
        long now = System.nanoTime();
        if (first || now - savedAt > SAVE_EVERY.toNanos()) {
            savedAt = now;
            getContext().saveState();
        }
    }

    /** How often a moved console offset is saved (a restart may copy the lines since then to the console twice). */
    private static final Duration SAVE_EVERY = Duration.ofSeconds(10);

    @Override
    @SuppressWarnings("try") // the ACL context is only closed: it puts the thread's authentication back
    public void onResume() {
        EngineAttachment attachment = attached;
        if (attachment == null && !rerunnable) {
            super.onResume();
            return;
        }
        // as SynchronousNonBlockingStepExecution runs a step: on a thread of its own, with the caller's authentication
        Authentication auth = Jenkins.getAuthentication2();
        RESUMED.execute(() -> {
            try (ACLContext ignored = ACL.as2(auth)) {
                getContext().onSuccess(worked(() -> attachment == null ? runStep(true) : resumeStep(attachment)));
            } catch (Exception e) {
                getContext().onFailure(e);
            }
        });
    }

    /** The threads of resumed steps: each holds one for its whole run, as a step that was not restarted does. */
    private static final ExecutorService RESUMED = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "Stack Drift resumed step");
        thread.setDaemon(true);
        return thread;
    });

    /** A step that resumes or runs again holds no controller thread that a restart would have to wait for. */
    @Override
    public boolean blocksRestart() {
        return attached == null && !rerunnable && super.blocksRestart();
    }

    @Override
    protected Map<String, Object> run() throws Exception {
        return worked(() -> runStep(false));
    }

    /** A step's body, run or resumed. */
    private interface StepBody {
        Map<String, Object> call() throws Exception;
    }

    /**
     * Runs {@code body} as this step's worker (so an abort reaches it), and returns its result or throws how the step
     * ends. A controller that shut down meanwhile ends nothing: the step resumes in the next one, which alone may end it.
     */
    private Map<String, Object> worked(final StepBody body) throws Exception {
        StepWorker current = new StepWorker();
        current.enter();
        worker = current;
        ControllerLife life = ControllerLife.now();
        try {
            Map<String, Object> result = body.call();
            life.stayIfEnded(null, "");
            return current.returned(result);
        } catch (Exception e) {
            life.stayIfEnded(null, "");
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

    /** @param again whether the step runs again after a restart that came before its engine started */
    // the secret files and the gateway may throw InterruptedException while they close; Pipeline logs a save that fails
    @SuppressWarnings({"try", "FutureReturnValueIgnored"})
    private Map<String, Object> runStep(final boolean again) throws Exception {
        StepContext context = getContext();
        Run<?, ?> run = context.get(Run.class);
        TaskListener listener = context.get(TaskListener.class);
        if (run == null || listener == null) {
            throw new AbortException(Messages.noWorkspace());
        }
        boolean durable = DurableEngine.enabled();
        rerunnable = durable || operation == Operation.VALIDATE || operation == Operation.GRAPH;
        // after a restart the agent may not be back yet: wait for it as a resumed engine does
        FilePath workspace = again ? durableEngine(listener).workspace() : context.get(FilePath.class);
        EnvVars environment = context.get(EnvVars.class);
        if (workspace == null) {
            throw new AbortException(Messages.noWorkspace());
        }
        String before = madeDir;
        if (again && before != null) {
            // the first run's files: its request, and the credentials it bound (no engine ran in it)
            new FilePath(workspace.getChannel(), before).deleteRecursive();
        }
        FilePath temp = tempDir(workspace);
        int swept = temp.act(new StaleStepDirectories(run.getId()));
        if (swept > 0) {
            listener.getLogger().println(Messages.sweptStaleDirectories(swept));
        }
        FilePath stepDir = temp.child(StaleStepDirectories.stepDirectoryName(run.getId(),
                operation.name().toLowerCase(Locale.ROOT), UUID.randomUUID().toString()));
        madeDir = stepDir.getRemote();
        // kept with the step before anything is written there: a restart from here on runs the step again
        context.saveState();
        stepDir.mkdirs();
        try (WorkspaceSecretFiles secretFiles = new WorkspaceSecretFiles(stepDir);
                AgentEngineGateway gateway = new AgentEngineGateway(workspace, stepDir, listener, context.get(Launcher.class),
                        durable ? durableEngine(listener) : null)) {
            StackDriftStepRun step = stepRun(run, listener, gateway, secretFiles, environment);
            return again ? step.again() : step.run();
        }
    }

    /** The step after a restart: the same step run, following its engine in the step directory it saved. */
    @SuppressWarnings("try") // as runStep
    private Map<String, Object> resumeStep(final EngineAttachment attachment) throws Exception {
        StepContext context = getContext();
        Run<?, ?> run = context.get(Run.class);
        TaskListener listener = context.get(TaskListener.class);
        if (run == null || listener == null) {
            throw new AbortException(Messages.noWorkspace());
        }
        DurableEngine engine = durableEngine(listener);
        FilePath workspace = engine.workspace();
        FilePath stepDir = new FilePath(workspace.getChannel(), attachment.stepDir());
        try (WorkspaceSecretFiles secretFiles = new WorkspaceSecretFiles(stepDir);
                AgentEngineGateway gateway = new AgentEngineGateway(workspace, stepDir, listener, context.get(Launcher.class),
                        engine)) {
            return stepRun(run, listener, gateway, secretFiles, context.get(EnvVars.class)).resumed(attachment);
        }
    }

    private StackDriftStepRun stepRun(final Run<?, ?> run, final TaskListener listener, final AgentEngineGateway gateway,
            final WorkspaceSecretFiles secretFiles, @CheckForNull final EnvVars environment)
            throws IOException, InterruptedException {
        StepContext context = getContext();
        StackDriftGlobalConfiguration.Defaults defaults = StackDriftGlobalConfiguration.forJob(run.getParent());
        // the locks saved before a restart are held again before this step asks for any
        SavedStackLocks.ensureRestored();
        return new StackDriftStepRun(settings, operation, run, listener, gateway,
                new CredentialsEnvironment(new BuildCredentialsLookup(run), secretFiles, SecretPatterns::getAggregateSecretPattern)
                        .withAllowed(AllowLists.of(settings, defaults)), defaults,
                environment == null ? Map.of() : environment, JobHistory.inJobDir(run.getParent().getRootDir()),
                context.get(FlowNode.class), new ScmRevisions(run, listener))
                .withApprovals(approvalRules.within(ApprovalsJobProperty.rulesOf(run.getParent())),
                        PlanValueKeys.forJob(run.getParent()), BuildCommit.of(run))
                .in(ControllerLife.now());
    }

    /** The step's durable engine: its workspace and launcher are asked of the step's context each time. */
    private DurableEngine durableEngine(final TaskListener listener) {
        return new DurableEngine(listener, new ContextPlace(getContext()), this::attach, ToolStops.configured());
    }

    /** Where the step runs, as its context says now (after a restart, the agent's new channel). */
    private static final class ContextPlace implements DurableEngine.Place {
        private final StepContext context;
        /** The controller the step runs in: another one, or none, means this one has shut down. */
        private final ControllerLife life = ControllerLife.now();

        ContextPlace(final StepContext context) {
            this.context = context;
        }

        @Override
        public ControllerLife life() {
            return life;
        }

        /**
         * Null while the agent is away: the context then fails with workflow-durable-task-step's own (package-private)
         * {@code AgentOfflineException}, an IOException, which the engine's wait for the agent must not take for an end.
         */
        @Override
        public FilePath workspace() throws InterruptedException {
            try {
                return context.get(FilePath.class);
            } catch (IOException offline) {
                return null;
            }
        }

        @Override
        public Launcher launcher() throws IOException, InterruptedException {
            Launcher launcher = context.get(Launcher.class);
            if (launcher == null) {
                throw new AbortException("Stack Drift: the step has no launcher in its context; run it inside node { }");
            }
            return launcher;
        }
    }

    /** Where Jenkins keeps the workspace's temporary files ({@code <workspace>@tmp}, its suffix configurable). */
    static FilePath tempDir(final FilePath workspace) {
        FilePath temp = WorkspaceList.tempDir(workspace);
        return temp == null ? workspace.child(".stack-drift-tmp") : temp;
    }
}
