package io.stackdrift.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * The tool wrapper against a scripted tool that behaves as Terraform does on an interrupt: it traps SIGINT, finishes
 * the call its child "provider" has in flight (which needs the provider alive), writes its state and exits 130.
 * The scripted tool is Perl because a shell script cannot trap a signal it was started with ignored (see
 * {@link ToolWrapper}). Each test also runs a planted wrong wrapper and sees it fail.
 */
@PosixOnly
class ToolWrapperTest {
    /** Traps SIGINT; on it waits a moment, then says whether its provider child was still alive, and exits 130. */
    private static final String TOOL = """
            use POSIX ":sys_wait_h";
            my ($state, $ready) = @ARGV;
            my $provider = fork();
            if ($provider == 0) { $SIG{INT} = "DEFAULT"; exec("sleep", "300"); }
            $SIG{INT} = sub {
              sleep 1;
              my $alive = waitpid($provider, WNOHANG) == 0;
              open(my $f, ">", $state); print $f ($alive ? "provider alive\\n" : "provider gone\\n"); close($f);
              kill("TERM", $provider); waitpid($provider, 0);
              exit 130;
            };
            print "planning\\n";
            open(my $r, ">", $ready); print $r "$provider\\n"; close($r);
            sleep 1 while 1;
            """;
    /** Ignores every interrupt, as a hung tool would, with a child of its own. */
    private static final String DEAF_TOOL = """
            my ($ready) = @ARGV;
            $SIG{INT} = "IGNORE"; $SIG{TERM} = "IGNORE";
            my $child = fork();
            if ($child == 0) { exec("sleep", "300"); }
            open(my $r, ">", $ready); print $r "$child\\n"; close($r);
            sleep 1 while 1;
            """;

    @TempDir
    Path step;

    @BeforeEach
    void callsDirectory() throws IOException {
        Files.createDirectories(step.resolve("calls"));
    }

    @Test
    void aToolThatEndsOnItsOwnLeavesItsOutputAndExitStatus() throws Exception {
        Process wrapper = start(ToolWrapper.SCRIPT, 0, Duration.ofSeconds(5),
                List.of("sh", "-c", "echo out; echo err >&2; exit 3"));

        assertThat(wrapper.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(wrapper.exitValue()).as("the wrapper exits with the tool's status").isEqualTo(3);
        assertThat(read("calls/0.exit")).isEqualTo("3\n");
        assertThat(read("calls/0.out")).isEqualTo("out\n");
        assertThat(read("calls/0.err")).isEqualTo("err\n");
        assertThat(step.resolve("calls/0.exit.tmp")).doesNotExist();
    }

    @Test
    void aStopFileSendsOneInterruptToTheToolOnlyAndItsProviderLivesToFinish() throws Exception {
        assertThat(stopWithFile(ToolWrapper.SCRIPT)).isEqualTo("provider alive\n");
        assertThat(read("calls/1.exit")).isEqualTo("130\n");
        assertThat(read("calls/1.out")).isEqualTo("planning\n");
    }

    @Test
    void aPlantedWrapperThatInterruptsTheWholeTreeFirstIsCaught() throws Exception {
        String planted = plant(s -> s.replace("kill -INT \"$tool\"", "kill -INT $(tree \"$tool\")"));

        assertThat(stopWithFile(planted)).isEqualTo("provider gone\n");
    }

    @Test
    void aSigtermToTheWrapperStopsTheToolGentlyToo() throws Exception {
        Path ready = step.resolve("ready");
        Process wrapper = start(ToolWrapper.SCRIPT, 2, Duration.ofSeconds(30), perl(TOOL, step.resolve("state"), ready));
        awaitFile(ready);

        new ProcessBuilder("kill", "-TERM", Long.toString(wrapper.pid())).start().waitFor();

        assertThat(wrapper.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(read("state")).isEqualTo("provider alive\n");
        assertThat(read("calls/2.exit")).isEqualTo("130\n");
    }

    @Test
    void aToolDeafToTheInterruptIsKilledWithItsChildrenAfterTheGrace() throws Exception {
        Path ready = step.resolve("ready");
        Process wrapper = start(ToolWrapper.SCRIPT, 3, Duration.ofSeconds(2), perl(DEAF_TOOL, ready));
        long child = Long.parseLong(awaitFile(ready).strip());
        Instant stopped = Instant.now();

        Files.writeString(step.resolve("stop"), "");

        assertThat(wrapper.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(Duration.between(stopped, Instant.now())).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(read("calls/3.exit")).isEqualTo("137\n");
        // SIGKILL is acted on when the child is next scheduled: on a loaded machine it dies a moment after the wrapper
        assertThat(endsWithin(child, Duration.ofSeconds(5))).as("the tool's child is running").isTrue();
    }

    @Test
    void aPlantedWrapperThatKillsOnlyTheToolLeavesItsChildrenAndIsCaught() throws Exception {
        String planted = plant(s -> s.replace("kill -KILL $(tree \"$tool\")", "kill -KILL \"$tool\""));
        Path ready = step.resolve("ready");
        Process wrapper = start(planted, 4, Duration.ofSeconds(1), perl(DEAF_TOOL, ready));
        long child = Long.parseLong(awaitFile(ready).strip());

        Files.writeString(step.resolve("stop"), "");

        assertThat(wrapper.waitFor(30, TimeUnit.SECONDS)).isTrue();
        try {
            assertThat(running(child)).as("the tool's child is running").isTrue();
        } finally {
            ProcessHandle.of(child).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aCallStopFileStopsThatCallsToolOnly() throws Exception {
        Path ready5 = step.resolve("ready5");
        Path ready6 = step.resolve("ready6");
        Process five = start(ToolWrapper.SCRIPT, 5, Duration.ofSeconds(30), perl(TOOL, step.resolve("state5"), ready5));
        Process six = start(ToolWrapper.SCRIPT, 6, Duration.ofSeconds(30), perl(TOOL, step.resolve("state6"), ready6));
        awaitFile(ready5);
        awaitFile(ready6);

        Files.writeString(step.resolve("calls/5" + ToolWrapper.CALL_STOP_SUFFIX), "");

        assertThat(five.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(read("state5")).isEqualTo("provider alive\n");
        assertThat(read("calls/5.exit")).isEqualTo("130\n");
        Thread.sleep(2_000);
        assertThat(six.isAlive()).as("the other call's wrapper runs on").isTrue();
        Files.writeString(step.resolve("calls/6" + ToolWrapper.CALL_STOP_SUFFIX), "");
        assertThat(six.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(read("calls/6.exit")).isEqualTo("130\n");
    }

    /**
     * The agent that started the wrapper dies with {@code kill -9} (here a shell that beats as {@link Heartbeat} does and
     * started the wrapper): the wrapper, re-parented, sees no new beat and sends the tool its SIGINT; the tool finishes
     * with its provider alive. While the host lived, the tool ran past the "lost after" period untouched.
     */
    @Test
    void aToolWhoseHostIsKilledGetsItsInterruptWhenTheBeatsStop() throws Exception {
        Path ready = step.resolve("ready");
        Process host = host(ToolWrapper.SCRIPT, 7, perl(TOOL, step.resolve("state"), ready));
        long wrapper = wrapperOf(host);
        awaitFile(ready);
        Thread.sleep(LOST.plusSeconds(2).toMillis());
        assertThat(step.resolve("state")).as("a live host's tool runs on").doesNotExist();

        kill9(host);

        assertThat(awaitFile(step.resolve("state"))).isEqualTo("provider alive\n");
        awaitFile(step.resolve("calls/7.exit"));
        assertThat(read("calls/7.exit")).isEqualTo("130\n");
        awaitGone(wrapper);
    }

    @Test
    void aPlantedWrapperThatWatchesNoHeartbeatLeavesTheToolRunningAndIsCaught() throws Exception {
        String planted = plant(s -> s.replace("if [ \"$lost\" -gt 0 ]", "if false"));
        Path ready = step.resolve("ready");
        Process host = host(planted, 8, perl(TOOL, step.resolve("state"), ready));
        long wrapper = wrapperOf(host);
        long provider = Long.parseLong(awaitFile(ready).strip());

        kill9(host);
        Thread.sleep(LOST.plusSeconds(4).toMillis());

        try {
            assertThat(step.resolve("state")).as("the orphaned tool was never asked to stop").doesNotExist();
            assertThat(running(wrapper)).isTrue();
        } finally {
            Files.writeString(step.resolve("stop"), "");
            awaitGone(wrapper);
            ProcessHandle.of(provider).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** Java's own {@link Heartbeat}: while it beats the tool runs to its end; once it is closed, the next tool is stopped. */
    @Test
    void theHeartbeatKeepsToolsRunningAndItsCloseStopsThem() throws Exception {
        Path ready = step.resolve("ready");
        Heartbeat beat = Heartbeat.start(step, Duration.ofMillis(300));
        try {
            Process done = new ProcessBuilder(ToolWrapper.command(step, 9, Duration.ofSeconds(5), LOST,
                    List.of("sh", "-c", "sleep " + (LOST.toSeconds() + 3) + "; exit 4"))).start();
            assertThat(done.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(done.exitValue()).as("not stopped while the heartbeat beats").isEqualTo(4);
            assertThat(beat.beats()).isGreaterThan(1);
        } finally {
            beat.close();
        }
        Process stopped = new ProcessBuilder(ToolWrapper.command(step, 10, Duration.ofSeconds(30), LOST,
                perl(TOOL, step.resolve("state"), ready))).start();
        awaitFile(ready);

        assertThat(stopped.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(read("state")).isEqualTo("provider alive\n");
        assertThat(stopped.exitValue()).isEqualTo(130);
    }

    /** The "lost after" period in these tests (whole seconds, as the wrapper counts). */
    private static final Duration LOST = Duration.ofSeconds(3);

    /** A stand-in for an agent: beats every half second, as {@link Heartbeat} does, and started the wrapper. */
    private Process host(final String script, final int call, final List<String> tool) throws IOException {
        List<String> argv = new ArrayList<>(List.of("sh", "-c", "\"$@\" & echo $! >\"$D/wrapper.pid\"; i=0; "
                + "while :; do i=$((i + 1)); echo $i >\"$D/heartbeat.tmp\"; mv -f \"$D/heartbeat.tmp\" \"$D/heartbeat\"; "
                + "sleep 0.5; done", "agent"));
        argv.addAll(ToolWrapper.command(script, step, call, Duration.ofSeconds(30), LOST, tool));
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true)
                .redirectOutput(step.resolve("host-" + call + ".log").toFile());
        builder.environment().put("D", step.toString());
        return builder.start();
    }

    private long wrapperOf(final Process host) throws Exception {
        assertThat(host.isAlive()).isTrue();
        return Long.parseLong(awaitFile(step.resolve("wrapper.pid")).strip());
    }

    private static void kill9(final Process process) throws Exception {
        new ProcessBuilder("kill", "-KILL", Long.toString(process.pid())).start().waitFor();
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    private static void awaitGone(final long pid) throws Exception {
        Instant limit = Instant.now().plusSeconds(40);
        while (running(pid)) {
            assertThat(Instant.now()).as("waiting for %s to end", pid).isBefore(limit);
            Thread.sleep(100);
        }
    }

    private String stopWithFile(final String script) throws Exception {
        Path ready = step.resolve("ready");
        Process wrapper = start(script, 1, Duration.ofSeconds(30), perl(TOOL, step.resolve("state"), ready));
        awaitFile(ready);

        Files.writeString(step.resolve("stop"), "");

        assertThat(wrapper.waitFor(20, TimeUnit.SECONDS)).isTrue();
        return read("state");
    }

    private static String plant(final UnaryOperator<String> fault) {
        String planted = fault.apply(ToolWrapper.SCRIPT);
        assertThat(planted).as("the fault was planted").isNotEqualTo(ToolWrapper.SCRIPT);
        return planted;
    }

    private List<String> perl(final String script, final Path... arguments) throws IOException {
        Path file = Files.writeString(step.resolve("tool-" + System.nanoTime() + ".pl"), script);
        List<String> argv = new ArrayList<>(List.of("perl", file.toString()));
        for (Path argument : arguments) {
            argv.add(argument.toString());
        }
        return argv;
    }

    private Process start(final String script, final int call, final Duration grace, final List<String> tool)
            throws IOException {
        return new ProcessBuilder(ToolWrapper.command(script, step, call, grace, tool))
                .redirectErrorStream(true).redirectOutput(step.resolve("wrapper-" + call + ".log").toFile()).start();
    }

    private String awaitFile(final Path file) throws Exception {
        Instant limit = Instant.now().plusSeconds(20);
        while (!Files.exists(file) || Files.size(file) == 0) {
            assertThat(Instant.now()).as("waiting for %s", file).isBefore(limit);
            Thread.sleep(50);
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    /** Alive and not a zombie (a killed orphan may wait for a reaper that never comes in a container). */
    private static boolean endsWithin(final long pid, final Duration limit) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (running(pid) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        return !running(pid);
    }

    private static boolean running(final long pid) throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (Files.exists(stat)) {
            String text = Files.readString(stat, StandardCharsets.UTF_8);
            return !text.substring(text.lastIndexOf(')') + 1).strip().startsWith("Z");
        }
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private String read(final String relative) throws IOException {
        return Files.readString(step.resolve(relative), StandardCharsets.UTF_8);
    }
}
