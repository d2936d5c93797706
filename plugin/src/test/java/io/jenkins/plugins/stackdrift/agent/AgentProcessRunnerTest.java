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
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.DemoWorkspace;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.Mockito;

import io.stackdrift.durable.StepRequest;
import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.ToolWrapper;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.testing.PosixOnly;

/** The agent's process port over a launcher that behaves as Jenkins' local one, with and without a container decorator. */
@PosixOnly
class AgentProcessRunnerTest {
    private static final String SYSTEM_PATH = "/usr/bin" + File.pathSeparator + "/bin";
    /** A short grace: a shell-script tool cannot take SIGINT and is killed after it. No heartbeat in these tests. */
    private static final ToolStops STOPS = new ToolStops(Duration.ofSeconds(1), Duration.ZERO);

    @TempDir
    Path dir;

    private final FakeLocalLauncher local = new FakeLocalLauncher();

    private Path script(final Path where, final String name, final String body) throws Exception {
        Files.createDirectories(where);
        Path file = Files.writeString(where.resolve(name), "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    private ProcessSpec spec(final String executable, final Map<String, String> env, final Duration timeout) {
        return new ProcessSpec(List.of(executable, "plan"), dir, env, timeout, dir.resolve("work/out.txt"));
    }

    private ProcessSpec spec(final String executable, final Map<String, String> env) {
        return spec(executable, env, Duration.ofSeconds(30));
    }

    private AgentProcessRunner runner(final ToolLauncher launcher, final Map<String, String> build, final String... secrets) {
        return new AgentProcessRunner(launcher, build, SecretMask.of(List.of(secrets)), dir, STOPS);
    }

    @Test
    void aBareToolNameIsFoundByTheShellOnTheBuildsPathAsWithEnvMakesIt() throws Exception {
        Path bin = dir.resolve("bin");
        script(bin, "tofu", "echo found $1");
        ProcessResult result = runner(local, Map.of("PATH", bin + File.pathSeparator + SYSTEM_PATH)).run(spec("tofu", Map.of()));

        assertThat(result.exitCode()).isZero();
        assertThat(result.notFound()).isFalse();
        assertThat(Files.readString(result.stdoutFile())).isEqualTo("found plan\n");
        assertThat(local.starts).hasValue(1);
    }

    @Test
    void insideAContainerTheContainersToolRunsNotTheOneOnTheBuildsPath() throws Exception {
        Path host = dir.resolve("host");
        Path container = dir.resolve("container");
        script(host, "terraform", "echo host");
        script(container, "terraform", "echo container");
        ContainerDecorator decorator = new ContainerDecorator(local, container + File.pathSeparator + SYSTEM_PATH);

        ProcessResult result = runner(decorator, Map.of("PATH", host + File.pathSeparator + SYSTEM_PATH))
                .run(spec("terraform", Map.of()));

        assertThat(Files.readString(result.stdoutFile())).isEqualTo("container\n");
        assertThat(decorator.launched).singleElement().satisfies(command -> {
            assertThat(command.command().subList(0, 2)).containsExactly("sh", "-c");
            assertThat(command.workingDir()).isEqualTo(dir.toAbsolutePath().toString());
        });
    }

    @Test
    void stackVariablesGoOverTheBuildEnvironmentAndEveryDollarArrivesAsWritten() throws Exception {
        Path tool = script(dir.resolve("bin"), "tool", "printf '%s|%s|%s\\n' \"$REGION\" \"$TOKEN\" \"$1\"");
        Map<String, String> build = Map.of("REGION", "eu-west-1", "TOKEN", "from-build", "PATH", SYSTEM_PATH);
        String secret = "s3cr$HOME$$x${PATH}";
        ProcessSpec spec = new ProcessSpec(List.of(tool.toString(), "-var=a$HOME"), dir, Map.of("TOKEN", secret),
                Duration.ofSeconds(30), dir.resolve("work/out.txt"));

        ProcessResult result = runner(local, build, secret).run(spec);

        assertThat(Files.readString(result.stdoutFile())).isEqualTo("eu-west-1|" + secret + "|-var=a$HOME\n");
        // the launcher would have expanded them: the doubling is what keeps them
        assertThat(FakeLocalLauncher.expand(secret, Map.of("HOME", "/root", "PATH", "/bin"))).isEqualTo("s3cr/root$x/bin");
    }

    @Test
    void anEmptyValueRemovesTheVariableAsTheLauncherDoes() throws Exception {
        Path tool = script(dir.resolve("bin"), "tool", "echo \"${TF_LOG-unset}\"");
        ProcessResult result = runner(local, Map.of("TF_LOG", "TRACE", "PATH", SYSTEM_PATH)).run(spec(tool.toString(),
                Map.of("TF_LOG", "")));
        assertThat(Files.readString(result.stdoutFile())).isEqualTo("unset\n");
    }

    @Test
    void stderrStaysApartInABoundedMaskedTailAndItsFileIsDeleted() throws Exception {
        String secret = "p4ss$word";
        Path tool = script(dir.resolve("bin"), "tool", "echo '{\"json\":true}'; i=0; while [ $i -lt 2000 ]; do "
                + "echo \"noise line $i ..........\" >&2; i=$((i+1)); done; echo \"denied: $TOKEN\" >&2; exit 3");

        ProcessResult result = runner(local, Map.of("PATH", SYSTEM_PATH), secret).run(spec(tool.toString(), Map.of("TOKEN", secret)));

        assertThat(result.exitCode()).isEqualTo(3);
        assertThat(Files.readString(result.stdoutFile())).isEqualTo("{\"json\":true}\n");
        assertThat(result.stderrTail()).endsWith("denied: ****\n").doesNotContain(secret).startsWith("noise line ");
        assertThat(result.stderrTail().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(AgentProcessRunner.TAIL_LIMIT);
        assertThat(dir.resolve("work/out.txt" + AgentProcessRunner.STDERR_SUFFIX)).doesNotExist();
    }

    @Test
    void aToolTheShellCannotFindIsReportedNotFound() throws Exception {
        ProcessResult result = runner(local, Map.of("PATH", SYSTEM_PATH)).run(spec("no-such-tool-here", Map.of()));
        assertThat(result.notFound()).isTrue();
        assertThat(dir.resolve("work/out.txt" + AgentProcessRunner.MISSING_SUFFIX)).doesNotExist();
    }

    /**
     * Traps SIGINT as Terraform does (it finishes its provider calls and writes state): says so in a file and exits 130.
     * Perl, since a shell script started in the background cannot trap a signal it began with ignored.
     */
    private static final String GENTLE_TOOL = """
            my ($state, $ready) = @ARGV;
            $SIG{INT} = sub { open(my $f, ">", $state); print $f "interrupted"; close($f); exit 130; };
            open(my $r, ">", $ready); print $r "ready"; close($r);
            sleep 1 while 1;
            """;

    private ProcessSpec gentleTool(final Duration timeout) throws Exception {
        Path perl = Files.writeString(dir.resolve("gentle.pl"), GENTLE_TOOL);
        return new ProcessSpec(List.of("perl", perl.toString(), dir.resolve("state").toString(), dir.resolve("ready").toString()),
                dir, Map.of(), timeout, dir.resolve("work/out.txt"));
    }

    /** Failed before the tool wrapper: the timeout killed the tool at once (SIGKILL through the launcher). */
    @Test
    void atTheTimeoutTheToolGetsSigintFirstAndTheConsoleSaysSo() throws Exception {
        List<String> notes = new CopyOnWriteArrayList<>();
        AgentProcessRunner runner = new AgentProcessRunner(local, Map.of("PATH", SYSTEM_PATH), SecretMask.NONE,
                LocalToolStop.NONE, dir, new ToolStops(Duration.ofSeconds(30), Duration.ZERO), notes::add);

        ProcessResult result = runner.run(gentleTool(Duration.ofMillis(1500)));

        assertThat(result.timedOut()).isTrue();
        assertThat(Files.readString(dir.resolve("state"))).isEqualTo("interrupted");
        assertThat(local.markedKills).as("no kill was needed").hasValue(0);
        assertThat(notes).singleElement().asString().startsWith("asked perl in " + dir + " to stop (SIGINT); killing it in 30 s"
                + " if it has not").contains("timeout of 1 s");
        assertThat(dir.resolve("calls")).isEmptyDirectory();
    }

    @Test
    void atTheTimeoutAToolDeafToSigintIsKilledAfterTheGraceWithWhatItStarted() throws Exception {
        Path pid = dir.resolve("pid");
        Path tool = script(dir.resolve("bin"), "tool", "echo $$ > '" + pid + "'; sleep 60");

        ProcessResult result = runner(local, Map.of("PATH", SYSTEM_PATH)).run(spec(tool.toString(), Map.of(),
                Duration.ofMillis(1500)));

        assertThat(result.timedOut()).isTrue();
        // the wrapper killed its tree after the grace: no kill through the launcher was needed
        assertThat(local.markedKills).hasValue(0);
        assertThat(ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).map(ProcessHandle::isAlive)).isNotEqualTo(
                Optional.of(true));
    }

    /** Failed before the tool wrapper: an abort killed the tool at once. */
    @Test
    void anInterruptAsksTheToolToStopWithSigintAndIsRethrown() throws Exception {
        ProcessSpec spec = gentleTool(Duration.ofMinutes(5));
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                new AgentProcessRunner(local, Map.of("PATH", SYSTEM_PATH), SecretMask.NONE, dir,
                        new ToolStops(Duration.ofSeconds(30), Duration.ZERO)).run(spec);
            } catch (Exception e) {
                thrown.set(e);
            }
        });
        worker.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!Files.exists(dir.resolve("ready")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        worker.interrupt();
        worker.join(40_000);

        assertThat(worker.isAlive()).isFalse();
        assertThat(thrown.get()).isInstanceOf(InterruptedException.class);
        assertThat(Files.readString(dir.resolve("state"))).isEqualTo("interrupted");
        assertThat(local.markedKills).hasValue(0);
    }

    @Test
    void outputFilesTheToolCouldNotWriteAreAnErrorThatSaysWhy() {
        // a "container" that never ran the wrapper, as one whose user cannot write the temporary directory
        ToolLauncher broken = command -> local.start(new ToolCommand(List.of("sh", "-c", "exit 2"), command.workingDir(),
                command.environment()));
        assertThatThrownBy(() -> runner(broken, Map.of("PATH", SYSTEM_PATH)).run(spec("tofu", Map.of())))
                .hasMessageContaining("could not be written").hasMessageContaining("exit code 2");
    }

    @Test
    void anArgumentAContainerStepCannotQuoteSafelyIsRefusedBeforeAnythingStarts() {
        ProcessSpec spec = new ProcessSpec(List.of("tofu", "-var=a`id`"), dir, Map.of(), Duration.ofSeconds(5),
                dir.resolve("work/out.txt"));
        assertThatThrownBy(() -> runner(local, Map.of()).run(spec)).hasMessageContaining("backquote");
        assertThat(local.starts).hasValue(0);
    }

    @Test
    void theServiceKillsWhatIsStillRunningWhenTheStepEndsAndStartsNothingAfter() throws Exception {
        LaunchedTool running = local.start(ToolCommand.of(List.of("sleep", "60"), dir.toString(), Map.of()));
        assertThat(running.waitFor(100)).isNull();

        Thread.currentThread().interrupt();
        local.close();

        // an aborted step's thread closes it: the kill is still made, the interrupt kept
        assertThat(Thread.interrupted()).isTrue();
        assertThat(running.waitFor(10_000)).isNotNull();
        assertThat(local.markedKills).hasValue(1);
        assertThatThrownBy(() -> local.start(ToolCommand.of(List.of("true"), dir.toString(), Map.of())))
                .hasMessageContaining("the step has ended");
        assertThat(local.starts).hasValue(1);
    }

    @Test
    void aWaitThatFailsCarriesTheClassOnly() {
        WatchedProcess failing = WatchedProcess.watch(() -> {
            throw new IllegalStateException("a value from a plan");
        }, () -> { }, "failing");
        assertThatThrownBy(() -> failing.waitFor(5_000)).hasMessageContaining(IllegalStateException.class.getName())
                .hasMessageNotContaining("a value from a plan").hasNoCause();
    }

    /** The test: a whole check of the demo, and every tool process the engine starts goes through the decorator. */
    @Test
    void everyToolProcessOfARunGoesThroughTheStepsDecoratedLauncher() throws Exception {
        Path workspace = DemoWorkspace.copyTo(Files.createDirectories(dir.resolve("ws")));
        Path temp = Files.createDirectories(dir.resolve("tmp"));
        // the host has tools of the same names that fail: a launch that bypassed the container would find them
        Path host = dir.resolve("host-bin");
        Path bypassed = dir.resolve("bypassed");
        for (String tool : List.of("terraform", "tofu", "pulumi")) {
            script(host, tool, "touch '" + bypassed + "'; exit 1");
        }
        ContainerDecorator decorator = new ContainerDecorator(local, workspace.resolve("bin") + File.pathSeparator + SYSTEM_PATH);
        EngineRequest check = new EngineRequest(StepRequest.builder("7")
                .buildEnvironment(Map.of("PATH", host + File.pathSeparator + SYSTEM_PATH)).build());
        TaskListener listener = Mockito.mock(TaskListener.class);
        Mockito.when(listener.getLogger()).thenReturn(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        AgentOutcome outcome = new AgentEngineCall(Operation.CHECK, check, StackCredentials.none(), listener, temp.toString(),
                Set.of("network", "dns", "platform:prod", "shop-app:prod"), Set.of(), decorator).invoke(workspace.toFile(), null);

        assertThat(outcome.problems()).isEmpty();
        assertThat(outcome.recorded()).isTrue();
        assertThat(bypassed).doesNotExist();
        assertThat(decorator.launched).hasSizeGreaterThan(4).allSatisfy(command ->
                assertThat(command.command().subList(0, 4)).containsExactly("sh", "-c", ToolCommand.escape(ToolWrapper.SCRIPT),
                        ToolWrapper.NAME));
        assertThat(local.starts).hasValue(decorator.launched.size());
        String record = Files.readString(temp.resolve(AgentEngineCall.RECORD_FILE));
        assertThat(record).doesNotContain("\"failed\"");
    }
}
