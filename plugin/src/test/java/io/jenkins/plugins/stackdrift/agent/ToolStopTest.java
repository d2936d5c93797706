package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
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
    void atTheTimeoutAToolInAContainerIsKilledByItsCookieThoughProcKillDoesNothing() throws Exception {
        ContainerExecLauncher container = new ContainerExecLauncher();

        ProcessResult result = new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE)
                .run(spec(Duration.ofMillis(1500)));

        assertThat(result.timedOut()).isTrue();
        assertThat(container.markedKills).hasValue(1);
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
                container.serve(() -> new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE)
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
        LocalToolStop local = new LocalToolStop(MarkedProcesses::kill);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread call = new Thread(() -> {
            try {
                new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, local)
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
        LocalToolStop local = new LocalToolStop(MarkedProcesses::kill);
        AtomicReference<ProcessResult> result = new AtomicReference<>();
        Thread call = new Thread(() -> {
            try {
                result.set(new AgentProcessRunner(noting(container), Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, local)
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
