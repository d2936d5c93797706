package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.testing.PosixOnly;

/**
 * Stopping a tool where the launch's own {@code Proc.kill} does not stop it (inside {@code container()} or
 * {@code docker.inside}) and where the controller cannot be reached at all (a lost channel). The processes are found
 * by the environment they really have ({@code /proc}), so these run on Linux.
 */
@PosixOnly
@EnabledOnOs(OS.LINUX)
class ToolStopTest {
    private static final String SYSTEM_PATH = "/usr/bin" + File.pathSeparator + "/bin";
    /** A short grace: the shell-script tool here cannot take SIGINT and is killed after it. */
    private static final ToolStops STOPS = new ToolStops(Duration.ofSeconds(1), Duration.ZERO);

    @TempDir
    Path dir;

    /** The cookies of the launches, as the agent sees them. */
    private final List<String> cookies = new CopyOnWriteArrayList<>();

    private Path sleeper() throws Exception {
        Files.createDirectories(dir.resolve("bin"));
        // a tool that starts a child of its own, as terraform starts its providers
        Path file = Files.writeString(dir.resolve("bin/tool"), "#!/bin/sh\nsleep 120 &\nwait\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private ProcessSpec spec(final Duration timeout) throws Exception {
        return new ProcessSpec(List.of(sleeper().toString(), "apply"), dir, Map.of(), timeout, dir.resolve("work/out.txt"));
    }

    /** The service as the agent holds it, noting each launch's cookie. */
    private ToolLauncher noting(final ToolLauncher service) {
        return command -> {
            LaunchedTool tool = service.start(command);
            cookies.add(tool.cookie());
            return tool;
        };
    }

    private static Map<String, String> marked(final String cookie) {
        return new ToolCookie(cookie).variables();
    }

    private void awaitRunning() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while ((cookies.isEmpty() || MarkedProcesses.find(marked(cookies.get(0))).size() < 2) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(cookies).hasSize(1);
        // the tool and its child carry the cookie: the search that kills them can find them
        assertThat(MarkedProcesses.find(marked(cookies.get(0)))).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void everyLaunchCarriesACookieOfItsOwnSetByTheServiceWhateverTheAgentSent() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher();
        ToolCommand sent = ToolCommand.of(List.of("true"), dir.toString(), Map.of(ToolCookie.VARIABLE, "the-builds-cookie"));

        LaunchedTool first = container.start(sent);
        LaunchedTool second = container.start(sent);

        assertThat(first.cookie()).startsWith("stack-drift-").isNotEqualTo(second.cookie());
        assertThat(first.waitFor(10_000)).isZero();
        assertThatThrownBy(() -> new ToolCookie("stack-drift-x; kill -9 1")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void atTheTimeoutAToolInAContainerIsStoppedByItsWrapperThoughProcKillDoesNothing() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher();

        ProcessResult result = new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, dir, STOPS)
                .run(spec(Duration.ofMillis(1500)));

        assertThat(result.timedOut()).isTrue();
        // the wrapper (inside the "container") sent SIGINT and killed the tree after the grace: no kill from outside
        assertThat(container.markedKills).hasValue(0);
        assertThat(MarkedProcesses.anyAlive(marked(cookies.get(0)), 5_000)).isFalse();
    }

    @Test
    void anAbortedCallsToolIsGoneWhenTheServiceHasClosedAndOnlyThen() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicReference<Boolean> aliveAfterClose = new AtomicReference<>();
        ProcessSpec spec = spec(Duration.ofMinutes(5));
        Thread call = new Thread(() -> {
            try {
                container.serve(() -> new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, dir, STOPS)
                        .run(spec), System.out);
            } catch (Exception e) {
                thrown.set(e);
            }
            // what the step does next is let go of its locks: the tool must be gone by now, without waiting
            aliveAfterClose.set(!MarkedProcesses.find(marked(cookies.get(0))).isEmpty());
        });
        call.start();
        awaitRunning();

        call.interrupt();
        call.join(30_000);

        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(aliveAfterClose.get()).isFalse();
        assertThat(container.notStopped()).isEmpty();
    }

    @Test
    void whenTheChannelIsLostTheAgentKillsItsToolByTheCookieItself() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher();
        LocalToolStop local = new LocalToolStop(MarkedProcesses::kill, dir);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread call = new Thread(() -> {
            try {
                new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, local, dir, STOPS,
                        line -> { })
                        .run(spec(Duration.ofMinutes(5)));
            } catch (Exception e) {
                thrown.set(e);
            }
        });
        call.start();
        awaitRunning();

        // remoting cancels the agent's calls when the channel terminates: the stop through the controller fails
        container.loseChannel();
        call.interrupt();
        call.join(30_000);

        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(MarkedProcesses.anyAlive(marked(cookies.get(0)), 5_000)).isFalse();
    }

    @Test
    void aClosedChannelKillsTheToolsTheCallStillRunsOnTheAgent() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher();
        LocalToolStop local = new LocalToolStop(MarkedProcesses::kill, dir);
        AtomicReference<ProcessResult> result = new AtomicReference<>();
        Thread call = new Thread(() -> {
            try {
                result.set(new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, local, dir, STOPS,
                        line -> { })
                        .run(spec(Duration.ofMinutes(5))));
            } catch (Exception e) {
                // not expected: the tool ends killed, the runner reports its exit
            }
        });
        call.start();
        awaitRunning();

        container.loseChannel();
        local.channelClosed();
        call.join(30_000);

        assertThat(MarkedProcesses.anyAlive(marked(cookies.get(0)), 5_000)).isFalse();
        assertThat(call.isAlive()).isFalse();
        // a tool that has ended is not killed again
        local.channelClosed();
        assertThat(container.markedKills).hasValue(0);
    }

    /**
     * The agent's JVM killed with {@code kill -9} during an apply. Here the "agent" is a shell that beats the step
     * directory's heartbeat, as the engine call's {@code Heartbeat} does, and is the parent of the wrapper the runner's
     * command line starts; killing it leaves the wrapper and the tool orphaned, with no one on the agent to stop them.
     * Before the tool wrapper the tool ran on (re-parented to init, holding the state lock); now the wrapper sees the
     * beats stop, sends the tool SIGINT (it finishes, as Terraform writes its state) and ends.
     */
    @Test
    void aToolWhoseAgentIsKilledGetsSigintWhenItsHeartbeatStopsAndEnds() throws Exception {
        FakeLocalLauncher agent = new FakeLocalLauncher() {
            @Override
            protected WatchedProcess launch(final ToolCommand command) throws IOException {
                List<String> line = new ArrayList<>(List.of("sh", "-c", ToolCommand.escape(AGENT), "agent", dir.toString()));
                line.addAll(command.command());
                return super.launch(new ToolCommand(line, command.workingDir(), command.environment()));
            }
        };
        Path perl = Files.writeString(dir.resolve("gentle.pl"), GENTLE_TOOL);
        ProcessSpec spec = new ProcessSpec(List.of("perl", perl.toString(), dir.resolve("state").toString(),
                dir.resolve("ready").toString()), dir, Map.of(), Duration.ofMinutes(5), dir.resolve("work/out.txt"));
        Thread call = new Thread(() -> {
            try {
                new AgentProcessRunner(agent, Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, dir,
                        new ToolStops(Duration.ofSeconds(30), LOST)).run(spec);
            } catch (Exception e) {
                // the agent's death ends the launch; what the runner makes of it is not the point here
            }
        });
        call.start();
        awaitFile(dir.resolve("ready"));
        long wrapper = Long.parseLong(Files.readString(awaitFile(dir.resolve("wrapper.pid"))).strip());
        Thread.sleep(LOST.plusSeconds(2).toMillis());
        assertThat(dir.resolve("state")).as("a live agent's tool runs on").doesNotExist();

        long host = Long.parseLong(Files.readString(dir.resolve("agent.pid")).strip());
        new ProcessBuilder("kill", "-KILL", Long.toString(host)).start().waitFor();

        Files.readString(awaitFile(dir.resolve("state")));
        assertThat(Files.readString(dir.resolve("state"))).isEqualTo("interrupted");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (alive(wrapper) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(alive(wrapper)).as("the wrapper has ended").isFalse();
        call.join(30_000);
    }

    /** Running, and not a zombie waiting for a reaper. */
    private static boolean alive(final long pid) throws IOException {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.exists(stat)) {
            return false;
        }
        String text = Files.readString(stat, StandardCharsets.UTF_8);
        return !text.substring(text.lastIndexOf(')') + 1).strip().startsWith("Z");
    }

    /** The "lost after" period in the agent test. */
    private static final Duration LOST = Duration.ofSeconds(3);

    /** The stand-in agent: notes its pid and the wrapper's, beats every half second as {@code Heartbeat} does. */
    private static final String AGENT = "d=$1; shift; echo $$ >\"$d/agent.pid\"; \"$@\" & echo $! >\"$d/wrapper.pid\"; i=0; "
            + "while :; do i=$((i + 1)); echo $i >\"$d/heartbeat.tmp\"; mv -f \"$d/heartbeat.tmp\" \"$d/heartbeat\"; sleep 0.5; done";

    /** Traps SIGINT as Terraform does: says so in a file and exits 130. */
    private static final String GENTLE_TOOL = """
            my ($state, $ready) = @ARGV;
            $SIG{INT} = sub { open(my $f, ">", $state); print $f "interrupted"; close($f); exit 130; };
            open(my $r, ">", $ready); print $r "ready"; close($r);
            sleep 1 while 1;
            """;

    private static Path awaitFile(final Path file) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(40).toNanos();
        while ((!Files.exists(file) || Files.size(file) == 0) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(file).exists();
        return file;
    }

    @Test
    void aToolThatOutlivesItsKillIsNamedWhenTheServiceCloses() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher(Duration.ofMillis(500));
        LaunchedTool tool = noting(container).start(ToolCommand.of(List.of(sleeper().toString()), dir.toString(), Map.of()));
        awaitRunning();
        container.loseChannel();

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        container.serve(() -> null, new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(container.notStopped()).containsExactly(dir.toString());
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("a tool process in " + dir + " did not end");
        MarkedProcesses.kill(marked(tool.cookie()));
    }
}
