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
        assertThat(running(child)).as("the tool's child is running").isFalse();
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
