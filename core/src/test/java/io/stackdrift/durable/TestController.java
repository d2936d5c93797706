package io.stackdrift.durable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.StepSecrets;
import io.stackdrift.runner.ToolCall;
import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.spi.ShardExchange;

/**
 * A stand-in for the plugin's durable step on the controller, driving an engine process through the step
 * directory's files only, as the plugin's poller will: it writes the request and the secrets, launches the engine
 * process, copies new whole lines of {@code log} to the build's console, launches each new {@code calls/N.json} with
 * the {@link ToolWrapper} and ends at {@code result.json}. Everything it keeps across a restart is {@link Saved}
 * (what a Pipeline step keeps in {@code program.dat}): a new instance made from it carries on.
 */
final class TestController {
    /** The step's phases, as the plugin's step saves them. */
    enum Phase { PREPARING, RUNNING, COLLECTING, DONE }

    /**
     * What survives a restart of the controller: the step directory, the console offset, the phase and how many of a
     * shard's posts the board has (a restart may relay some again: the board takes a post twice as once).
     */
    record Saved(Path stepDir, long consoleOffset, Phase phase, int postsRelayed) {
    }

    /** A build's board of shards as the controller keeps it (outlives any one step, as the plugin saves it). */
    static final class Board {
        private final List<List<String>> partition;
        private final Map<String, List<String>> posts = new TreeMap<>();
        private final Set<Integer> ended = new TreeSet<>();
        private String configDigest = "";
        private int fixedBy;

        Board(final List<List<String>> partition) {
            this.partition = List.copyOf(partition);
        }

        synchronized String agree(final int number, final String digest) {
            if (fixedBy == 0) {
                fixedBy = number;
                configDigest = digest;
            }
            return BoardFiles.agreementText(partition, configDigest, fixedBy);
        }

        synchronized void post(final ShardExchange.Post post) {
            posts.putIfAbsent(post.stack().value(), List.of(post.stack().value(), post.outcome().name(), post.digest()));
        }

        synchronized void end(final int number) {
            ended.add(number);
        }

        synchronized String snapshot() {
            return BoardFiles.snapshotText(new ArrayList<>(posts.values()), new ArrayList<>(ended), Map.of());
        }

        synchronized Set<String> postedStacks() {
            return Set.copyOf(posts.keySet());
        }
    }

    /**
     * What the controller knows without the step: the job to run, the values it binds (re-bound after a restart, as
     * the plugin binds credentials again) and the build's environment its launcher gives every process.
     */
    record Host(EngineJob job, StepSecrets secrets, Map<String, String> buildEnvironment, Duration grace) {
    }

    /** The step failed as the plugin's step would fail it: the message is the build's. */
    static final class StepFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StepFailed(final String message) {
            super(message);
        }
    }

    private final Host host;
    private final List<String> console;
    private final StepDirectory dir;
    private long consoleOffset;
    private Phase phase;
    private StepResult result;
    private Board board;
    private int postsRelayed;
    private String snapshotDelivered = "";

    private TestController(final Saved saved, final Host host, final List<String> console) {
        this.host = host;
        this.console = console;
        this.dir = new StepDirectory(saved.stepDir());
        this.consoleOffset = saved.consoleOffset();
        this.phase = saved.phase();
        this.postsRelayed = saved.postsRelayed();
    }

    /** A new step writing into {@code stepDir}; {@code console} is the build's log, which outlives any controller. */
    static TestController start(final Path stepDir, final Host host, final List<String> console) {
        return new TestController(new Saved(stepDir, 0, Phase.PREPARING, 0), host, console);
    }

    /** The controller after a restart: only {@code saved} and what the host knows anyway. */
    static TestController resume(final Saved saved, final Host host, final List<String> console) {
        TestController resumed = new TestController(saved, host, console);
        console.add("Stack Drift: resumed after a restart");
        return resumed;
    }

    Saved saved() {
        return new Saved(dir.root(), consoleOffset, phase, postsRelayed);
    }

    /** The step runs its job's shard of {@code value}: each poll relays the engine's board files to it and back. */
    TestController onBoard(final Board value) {
        this.board = value;
        return this;
    }

    Phase phase() {
        return phase;
    }

    /** One tick of the poller; the result once the step is done. */
    Optional<StepResult> tick() throws IOException {
        switch (phase) {
            case PREPARING -> prepare();
            case RUNNING -> poll();
            case COLLECTING -> collect();
            case DONE -> { }
            default -> throw new IllegalStateException(phase.name());
        }
        return Optional.ofNullable(result);
    }

    /** Ticks until the step is done or {@code limit} passes. */
    StepResult runToEnd(final Duration limit) throws IOException, InterruptedException {
        long until = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() - until < 0) {
            Optional<StepResult> done = tick();
            if (done.isPresent()) {
                return done.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the step did not end within " + limit + "; console: " + console);
    }

    /** Asks the engine process to stop, as the plugin's {@code stop(cause)} does. */
    void stop() throws IOException {
        Files.writeString(dir.stop(), "");
    }

    private void prepare() throws IOException {
        Files.createDirectories(dir.root());
        // an engine that already started (its status is there) is not started twice
        if (!Files.exists(dir.status())) {
            RequestFile.write(dir, host.job());
            host.secrets().write(dir);
            launchEngine();
        }
        phase = Phase.RUNNING;
    }

    private void poll() throws IOException {
        requireDirectory();
        copyLog();
        launchNewCalls();
        relayBoard();
        if (Files.exists(dir.result())) {
            // saved before the result is read and acted on: a restart now reads it again
            phase = Phase.COLLECTING;
        }
    }

    /** Reading the result again is harmless: saving a run is idempotent by its run id. */
    private void collect() throws IOException {
        requireDirectory();
        copyLog();
        StepResult read = StepResult.read(dir).orElseThrow(() -> new StepFailed("Stack Drift: the step directory "
                + dir.root() + " has lost its result.json"));
        if (read.failure().isPresent()) {
            throw new StepFailed("Stack Drift: " + read.failure().get());
        }
        result = read;
        phase = Phase.DONE;
    }

    private void requireDirectory() {
        if (!dir.exists()) {
            throw new StepFailed("Stack Drift: the step directory " + dir.root() + " is gone (the workspace was cleaned or"
                    + " the agent replaced): the running stacks are recorded as interrupted; run the step again");
        }
    }

    /** Copies whole new lines of the log to the console, from the saved offset. */
    private void copyLog() throws IOException {
        if (!Files.exists(dir.log())) {
            return;
        }
        byte[] fresh;
        try (InputStream in = Files.newInputStream(dir.log())) {
            in.skipNBytes(consoleOffset);
            fresh = in.readAllBytes();
        }
        int end = lastNewline(fresh);
        if (end < 0) {
            return;
        }
        String text = new String(fresh, 0, end + 1, StandardCharsets.UTF_8);
        text.lines().forEach(console::add);
        consoleOffset += end + 1;
    }

    private static int lastNewline(final byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Launches every call no controller has claimed; a claimed one runs already (or never will). */
    private void launchNewCalls() throws IOException {
        for (int n = 0; Files.exists(dir.call(n)); n++) {
            if (dir.claim(n)) {
                launch(ToolCall.read(dir, n));
            }
        }
    }

    private void launch(final ToolCall call) throws IOException {
        List<String> argv = ToolWrapper.command(dir.root(), call.number(), host.grace(), call.command());
        ProcessBuilder builder = new ProcessBuilder(argv).directory(call.workingDir().toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        Map<String, String> environment = new HashMap<>(host.buildEnvironment());
        environment.putAll(call.environment(host.secrets()));
        builder.environment().putAll(environment);
        // the launcher removes a variable given an empty value, as Jenkins' does
        environment.forEach((name, value) -> {
            if (value.isEmpty()) {
                builder.environment().remove(name);
            }
        });
        builder.start();
    }

    /** What the plugin's poll does for a shard: the engine's proposal, posts and end to the board; its answer back. */
    private void relayBoard() throws IOException {
        if (board == null) {
            return;
        }
        int number = host.job().shard().orElseThrow().number();
        BoardFiles.Outbox out = BoardFiles.outbox(dir, postsRelayed);
        String agreement = out.proposal().map(proposal -> board.agree(number, proposal.configDigest())).orElse(null);
        out.posts().forEach(board::post);
        postsRelayed = out.lastPost();
        if (out.ended()) {
            board.end(number);
        }
        String snapshot = board.snapshot();
        BoardFiles.deliver(dir, agreement, snapshot.equals(snapshotDelivered) ? null : snapshot);
        snapshotDelivered = snapshot;
    }

    private void launchEngine() throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> argv = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                EngineProcess.class.getName(), dir.root().toString()));
        new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(dir.root().resolveSibling(dir.root().getFileName() + "-engine.out").toFile()).start();
    }

    @Override
    public String toString() {
        return "TestController[" + saved() + "]";
    }
}
