package io.jenkins.plugins.stackdrift.agent;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.Durability;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;

import io.stackdrift.durable.EngineProcess;
import io.stackdrift.durable.RunOperation;
import io.stackdrift.durable.StepResult;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.StepSecrets;
import io.stackdrift.runner.ToolWrapper;

/**
 * A step's engine as a process of its own on the agent, followed from the controller by polling its step directory
 * (docs/architecture.md, "The plugin's agent side"): the engine survives a restart of the controller and a channel
 * that drops and comes back; each tool call it asks for is checked against the {@link LaunchPolicy} and started, in
 * the background, through the step's launcher (so {@code container()} and {@code docker.inside} decorate it), inside
 * core's tool wrapper, which leaves its output and exit status in the step directory. The controller holds no thread
 * per tool: one poll reads the new log lines, the new calls and whether the result is there.
 */
public final class DurableEngine {
    /** Overrides the global configuration's durable steps on this controller ({@code true} or {@code false}). */
    public static final String ENABLED_PROPERTY = Durability.DURABLE_PROPERTY;
    /** Overrides the global configuration's agent reconnect timeout (seconds). */
    public static final String RECONNECT_PROPERTY = Durability.RECONNECT_PROPERTY;
    /** The engine writes its status each second: this long without one, and no result, it is gone. */
    static final Duration SILENT_ENGINE = Duration.ofSeconds(90);
    /** The engine's own output in the step directory; made by the launch, so its absence says the engine never started. */
    static final String ENGINE_OUT = "engine.out";
    /** Started in the background with the node's plain launcher: {@code $0} java, {@code $1} class path, {@code $2} dir. */
    static final String ENGINE_START = "nohup \"$0\" -cp \"$1\" " + EngineProcess.class.getName() + " \"$2\" "
            + ">\"$2/" + ENGINE_OUT + "\" 2>&1 </dev/null &";
    /** Starts a tool's wrapper in the background through the step's launcher, which returns at once. */
    static final String DETACH = "nohup \"$@\" </dev/null >/dev/null 2>&1 &";
    static final String DETACH_NAME = "stack-drift-detach";
    private static final long FIRST_POLL_MILLIS = 250;
    private static final long LONGEST_POLL_MILLIS = 5_000;

    /** Where the step runs now: after a restart, or a channel that came back, the context gives new handles. */
    public interface Place {
        /** The workspace, or null while its agent is not connected. */
        @CheckForNull FilePath workspace() throws IOException, InterruptedException;

        /** The step's launcher (decorated by {@code container()} and the like). */
        Launcher launcher() throws IOException, InterruptedException;

        /** The controller this step runs in: once it shuts down, the step resumes in the next one. */
        ControllerLife life();
    }

    private final TaskListener listener;
    private final Place place;
    private final Consumer<EngineAttachment> saver;
    private final ToolStops stops;

    /**
     * @param saver keeps the step's attachment with the running step (it is called just before the launch and as the
     *              console offset moves)
     */
    public DurableEngine(final TaskListener listener, final Place place, final Consumer<EngineAttachment> saver,
            final ToolStops stops) {
        this.listener = listener;
        this.place = place;
        this.saver = saver;
        this.stops = stops;
    }

    /** Whether steps run their engine durably on this controller (the global configuration, or its system property). */
    public static boolean enabled() {
        return StackDriftGlobalConfiguration.durability().durableStepsInEffect();
    }

    /**
     * Whether {@code operation} runs durably here: a preview, check or deploy in a step of its own, and a shard's check
     * or deploy (which reaches the build's board through its step directory's board files). {@code stackShards}' own
     * call only reads the configuration, and stays a call.
     */
    public static boolean runsDurably(final Operation operation, final ShardRoute route) {
        if (!enabled()) {
            return false;
        }
        if (route.number() > 0) {
            return operation == Operation.CHECK || operation == Operation.DEPLOY;
        }
        return route.count() == 0 && (operation == Operation.PREVIEW || operation == Operation.CHECK || operation == Operation.DEPLOY);
    }

    /** Starts the engine process in {@code stepDir} and follows it to its end. */
    AgentOutcome start(final Operation operation, final EngineRequest request, final StackCredentials credentials,
            final FilePath workspace, final FilePath stepDir, final Set<String> lockedStacks, final Set<String> heldElsewhere,
            final Set<String> deploying, final ShardRoute route) throws IOException, InterruptedException {
        StepSecrets secrets = new StepSecrets(credentials.byStack(), credentials.failures(), credentials.maskPattern(),
                request.value().valueKey());
        stepDir.act(new DurableStepFiles.Prepare(RunOperation.valueOf(operation.name()), workspace.getRemote(),
                request.value(), lockedStacks, heldElsewhere, stops.grace(), secrets, route));
        BoardRelay relay = route.number() == 0 ? null : BoardRelay.of(route);
        EngineAttachment attachment = new EngineAttachment(stepDir.getRemote(), 0, operation, deploying)
                .withShard(route.number()).withPolicyChecks(request.policyChecks());
        // kept with the step before the launch: from here on a restart resumes this engine (starting it, if it had not
        // started), and never runs the step again from the start beside it
        saver.accept(attachment);
        launch(workspace, stepDir);
        return follow(attachment, new LaunchPolicy(request.toolPaths(), workspace.getRemote(), stepDir.getRemote(),
                request.buildEnvironment(), credentials.boundEnvironments(), attachment.policyChecks()), relay);
    }

    /** Starts the engine process on the agent, in the background, with the agent's Java and the plugin's jars. */
    private void launch(final FilePath workspace, final FilePath stepDir) throws IOException, InterruptedException {
        String java = stepDir.act(new DurableStepFiles.AgentJava());
        FilePath temp = stepDir.getParent();
        FilePath cache = temp == null ? stepDir.child(EngineJars.CACHE_DIR) : temp.child(EngineJars.CACHE_DIR);
        String classpath = EngineJars.install(cache);
        workspace.createLauncher(listener).launch()
                .cmds(ToolCommand.of(List.of("sh", "-c", ENGINE_START, java, classpath, stepDir.getRemote()), "", Map.of()).command())
                .pwd(stepDir).quiet(true).start().join();
    }

    /** The step's workspace, once its agent is connected (waiting up to the reconnect limit). */
    public FilePath workspace() throws IOException, InterruptedException {
        return awaitWorkspace(null);
    }

    /**
     * Follows an engine started before a restart of the controller to its end; {@code route} is its shard's on the
     * restored board ({@link ShardRoute#none()} for a step of its own).
     */
    public AgentOutcome resume(final EngineAttachment attachment, final Map<String, String> buildEnvironment,
            final ShardRoute route) throws IOException, InterruptedException {
        FilePath workspace = workspace();
        FilePath stepDir = new FilePath(workspace.getChannel(), attachment.stepDir());
        DurableStepFiles.Written written = stepDir.act(new DurableStepFiles.ReadWritten());
        if (!stepDir.child(ENGINE_OUT).exists()) {
            // the controller stopped between the step's files and the launch: nothing ran yet
            listener.getLogger().println("Stack Drift: the engine had not started before the restart; starting it now");
            launch(workspace, stepDir);
        }
        return follow(attachment, new LaunchPolicy(written.toolPaths(), workspace.getRemote(), stepDir.getRemote(),
                buildEnvironment, written.bound(), attachment.policyChecks()), route.number() == 0 ? null : BoardRelay.of(route));
    }

    /** @param relay a shard's relay to the build's board; null for a step of its own */
    private AgentOutcome follow(final EngineAttachment attachment, final LaunchPolicy policy, @CheckForNull final BoardRelay relay)
            throws IOException, InterruptedException {
        PrintStream console = listener.getLogger();
        long offset = attachment.consoleOffset();
        long wait = FIRST_POLL_MILLIS;
        long started = System.nanoTime();
        long stopDeadline = 0;
        boolean stopping = false;
        Exception lost = null;
        long lostSince = 0;
        FilePath workspace = null;
        while (true) {
            leaveIfControllerStops();
            DurableStepFiles.Tick tick;
            try {
                workspace = workspace == null || lost != null ? awaitWorkspace(lost) : workspace;
                DurableStepFiles.Poll poll = relay == null ? new DurableStepFiles.Poll(offset) : relay.poll(offset);
                tick = new FilePath(workspace.getChannel(), attachment.stepDir()).act(poll);
                lost = null;
            } catch (InterruptedException e) {
                if (!stopping && workspace != null) {
                    stopping = true;
                    stopDeadline = askStop(workspace, attachment);
                }
                continue;
            } catch (IOException | RuntimeException e) {
                leaveIfControllerStops();
                if (e instanceof IOException && String.valueOf(e.getMessage()).contains("is gone")) {
                    throw new AbortException(e.getMessage());
                }
                if (lost == null) {
                    lostSince = System.nanoTime();
                    console.println("Stack Drift: the agent cannot be reached (" + e.getClass().getSimpleName()
                            + "); the engine runs on there: waiting up to " + StepDurations.format(reconnect()) + " for it");
                } else if (System.nanoTime() - lostSince > reconnect().toNanos()) {
                    throw e;
                }
                lost = e;
                pause(LONGEST_POLL_MILLIS);
                continue;
            }
            if (!tick.log().isEmpty()) {
                console.print(tick.log());
                console.flush();
                offset = tick.offset();
                saver.accept(attachment.withConsoleOffset(offset));
            }
            for (DurableStepFiles.Call call : tick.calls()) {
                launch(workspace, attachment, call, policy);
            }
            // before the end is looked at: the last tick brings the shard's last posts and its end
            boolean moved = relay != null && relay.relay(tick.mail(), console);
            if (tick.ended() && !tick.more()) {
                break;
            }
            if (!tick.ended() && silent(tick, started)) {
                throw new AbortException("Stack Drift: the engine process on the agent stopped without a result (its"
                        + " output is in " + attachment.stepDir() + "/" + ENGINE_OUT + " until the step ends)");
            }
            if (stopping && System.nanoTime() - stopDeadline > 0) {
                break;
            }
            boolean busy = moved || !tick.log().isEmpty() || !tick.calls().isEmpty();
            wait = busy ? FIRST_POLL_MILLIS : Math.min(wait * 2, LONGEST_POLL_MILLIS);
            try {
                if (stopping) {
                    pause(wait);
                } else {
                    Thread.sleep(wait);
                }
            } catch (InterruptedException e) {
                // an abort: the engine is asked to stop (it starts no new call, and the wrappers stop their tools
                // gently); the step waits for its result, at most the tools' grace and a margin
                stopping = true;
                stopDeadline = askStop(workspace, attachment);
            }
        }
        if (stopping) {
            throw new InterruptedException("the step was stopped");
        }
        return outcome(new FilePath(workspace.getChannel(), attachment.stepDir()));
    }

    /**
     * When the controller shuts down (a restart), this thread leaves the engine to itself: it never returns, so nothing
     * of the step's cleanup runs (the step directory, the secrets, the markers stay for the resumed step), and waits for
     * the JVM's end. The step resumes in the next controller ({@code onResume}).
     */
    private void leaveIfControllerStops() {
        place.life().stayIfEnded(listener.getLogger(),
                "the engine runs on on the agent and the step follows it again after the restart");
    }

    /** Writes the step's stop file; returns until when the step waits for the engine's result. */
    private long askStop(final FilePath workspace, final EngineAttachment attachment) throws IOException, InterruptedException {
        listener.getLogger().println("Stack Drift: stopping: the running tools are asked to stop (SIGINT), and killed after "
                + stops.grace().toSeconds() + " s if they have not");
        // the abort is handled here: a remote call would fail at once on the thread's interrupt flag
        Thread.interrupted();
        new FilePath(workspace.getChannel(), attachment.stepDir()).child(ToolWrapper.STOP_FILE).write("", "UTF-8");
        return System.nanoTime() + stops.stopWait().plusSeconds(30).toNanos();
    }

    private static boolean silent(final DurableStepFiles.Tick tick, final long started) {
        if (tick.heartbeatAgeMillis() >= 0) {
            return tick.heartbeatAgeMillis() > SILENT_ENGINE.toMillis();
        }
        return System.nanoTime() - started > SILENT_ENGINE.toNanos();
    }

    /** The workspace, waiting while its agent is away (up to the reconnect limit); {@code lost} is why it went. */
    private FilePath awaitWorkspace(@CheckForNull final Exception lost) throws IOException, InterruptedException {
        long until = System.nanoTime() + reconnect().toNanos();
        while (true) {
            FilePath workspace = place.workspace();
            if (workspace != null) {
                return workspace;
            }
            if (System.nanoTime() - until > 0) {
                // the failure that lost the agent (remoting's ChannelClosedException or, as often, its
                // RequestAbortedException), so the step says which stacks a lost agent interrupted
                if (lost instanceof IOException io) {
                    throw io;
                }
                if (lost instanceof RuntimeException failure) {
                    throw failure;
                }
                throw new AbortException("Stack Drift: the step's agent did not come back within "
                        + StepDurations.format(reconnect()));
            }
            Thread.sleep(LONGEST_POLL_MILLIS);
        }
    }

    /** Starts call {@code call} in the background, or tells the engine why not. */
    private void launch(final FilePath workspace, final EngineAttachment attachment, final DurableStepFiles.Call call,
            final LaunchPolicy policy) throws IOException, InterruptedException {
        FilePath stepDir = new FilePath(workspace.getChannel(), attachment.stepDir());
        ToolCommand command = wrapped(new StepDirectory(Path.of(attachment.stepDir())), call, stops.grace());
        var refusal = policy.refusal(command);
        if (refusal.isPresent()) {
            listener.getLogger().println("Stack Drift: a tool call was refused: " + refusal.get());
            stepDir.act(new DurableStepFiles.Refuse(call.number(), refusal.get()));
            return;
        }
        // a cookie of its own, set after the policy (as for a step that is not durable): a container's kill finds it by it
        ToolCommand launched = policy.launched(command).withVariable(ToolCookie.VARIABLE, ToolCookie.next().value());
        List<String> line = new ArrayList<>(List.of("sh", "-c", ToolCommand.escape(DETACH), DETACH_NAME));
        line.addAll(launched.command());
        place.launcher().launch().cmds(line).envs(launched.environment()).pwd(new FilePath(workspace.getChannel(),
                launched.workingDir())).quiet(true).start().join();
    }

    /**
     * Call {@code call} as the step's launcher starts it: the plugin's inner wrapper (the tool looked up on the
     * {@code PATH} the process sees, stdin the null device, output into the call's files) inside core's tool wrapper
     * (gentle stop, exit status), the same command line the {@link LaunchPolicy} admits for a step that is not durable.
     */
    static ToolCommand wrapped(final StepDirectory dir, final DurableStepFiles.Call call, final Duration grace) {
        String out = dir.out(call.number()).toString();
        List<String> inner = new ArrayList<>(List.of(AgentProcessRunner.SHELL, "-c", AgentProcessRunner.WRAPPER, "stack-drift",
                out, out + StepDirectory.TOOL_ERR_SUFFIX, out + StepDirectory.TOOL_MISSING_SUFFIX));
        inner.addAll(call.command());
        // no heartbeat watched: the engine is a process of its own and outlives the agent's JVM, as the tool does
        List<String> wrapped = ToolWrapper.command(dir.root(), call.number(), grace, Duration.ZERO, inner);
        return ToolCommand.of(wrapped, call.workingDir(), call.variables());
    }

    /** The result the engine left, as the step's outcome; a failure result fails the step with its reason. */
    private static AgentOutcome outcome(final FilePath stepDir) throws IOException, InterruptedException {
        FilePath resultFile = stepDir.child("result.json");
        if (!resultFile.exists()) {
            throw new AbortException("Stack Drift: the engine left no result");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        resultFile.copyTo(bytes);
        StepResult result = StepResult.parse(new ByteArrayInputStream(bytes.toByteArray()), resultFile.getRemote());
        if (result.failure().isPresent()) {
            throw new AbortException("Stack Drift: " + result.failure().get());
        }
        if (result.interrupted()) {
            throw new InterruptedException("the engine was stopped");
        }
        AgentOutcome.Builder outcome = AgentOutcome.builder().problems(result.problems()).warnings(result.warnings())
                .notes(result.notes());
        if (stepDir.child("record.json").exists()) {
            outcome.recorded(result.deployDigests()).forgotten(result.forgotten()).owed(result.owed())
                    .approvalPins(result.approvalPins()).nextScheduledCheck(result.nextScheduledCheck());
            result.configured().ifPresent(outcome::configured);
        }
        return outcome.build();
    }

    private static void pause(final long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            // stopping already: the wait for the engine's result is not cut short by a second abort
        }
    }

    private static Duration reconnect() {
        return StackDriftGlobalConfiguration.durability().agentReconnectInEffect();
    }
}
