package io.stackdrift.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Tool;
import io.stackdrift.record.RunRecord;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.StepSecrets;
import io.stackdrift.runner.ToolCall;
import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.PosixOnly;

/**
 * Whole runs of the engine process, driven through the step directory's files only by {@link TestController} (as the
 * plugin's poller will drive them), against the scripted stand-in tool: uninterrupted, with the controller restarted
 * in each of its saved phases, stopped during a tool call, and with the step directory gone.
 */
@PosixOnly
class DurableRunTest {
    private static final String SECRET = "s3cr3t-token-value";
    private static final Duration LIMIT = Duration.ofSeconds(60);
    /**
     * "terraform": notes the bound variable it was given, traps SIGINT during an apply when the scenario asks
     * ({@code apply.trap}: it then waits to be stopped), else hands over to the scripted stand-in.
     */
    private static final String TOOL = """
            #!/usr/bin/perl
            my $scenario = $ENV{STACKDRIFT_FAKE_SCENARIO};
            if (defined $ENV{TF_VAR_token}) {
              open(my $f, ">>", "$scenario/token.seen"); print $f "$ENV{TF_VAR_token}\\n"; close($f);
            }
            if ($ARGV[0] eq "apply" && -e "$scenario/apply.trap") {
              $SIG{INT} = sub { open(my $f, ">", "$scenario/apply.interrupted"); print $f "interrupted\\n"; close($f); exit 130; };
              open(my $r, ">", "$scenario/apply.started"); close($r);
              sleep 1 while 1;
            }
            exec("@FAKE@", @ARGV) or die "cannot run the stand-in";
            """;

    @TempDir
    Path temp;

    private Path workspace;
    private FakeTool fake;
    private TestController.Host host;

    @BeforeEach
    void workspace() throws IOException {
        workspace = Files.createDirectories(temp.resolve("ws"));
        Files.writeString(workspace.resolve("stacks.yaml"), """
                stacks:
                  - dir: network
                    credentials:
                      TF_VAR_token: token-id
                  - dir: app
                    dependsOn: [network]
                """);
        for (String stack : List.of("network", "app")) {
            Files.createDirectories(workspace.resolve(stack));
            Files.writeString(workspace.resolve(stack + "/main.tf"), "resource \"terraform_data\" \"x\" {}\n");
        }
        fake = FakeTool.create(temp, "fake");
        fake.on("plan").exitCode(2);
        fake.on("show").stdoutFrom(Fixtures.terraform("lifecycle/2-changes.plan.json"));
        fake.on("apply").stdoutFrom(Fixtures.terraform("lifecycle/2-changes.apply-stream.jsonl"));
        fake.on("output").stdoutFrom(Fixtures.terraform("lifecycle/2-changes.output.json"));
        Path terraform = fake.executable().resolveSibling("terraform");
        Files.writeString(terraform, TOOL.replace("@FAKE@", fake.executable().toString()));
        Files.setPosixFilePermissions(terraform, PosixFilePermissions.fromString("rwxr-xr-x"));
        StepRequest request = StepRequest.builder("5").toolPaths(Map.of(Tool.TERRAFORM, terraform.toString())).build();
        EngineJob job = EngineJob.of(RunOperation.DEPLOY, workspace, request).withLockedStacks(Set.of("network", "app"))
                .withGrace(Duration.ofSeconds(5));
        Map<String, String> environment = new HashMap<>(fake.environment());
        environment.put("PATH", System.getenv("PATH"));
        host = new TestController.Host(job, new StepSecrets(Map.of("network", Map.of("TF_VAR_token", SECRET)), Map.of(), "", ""),
                environment, Duration.ofSeconds(5));
    }

    /** One whole run, never restarted. */
    private Run uninterrupted(final String name) throws Exception {
        List<String> console = new ArrayList<>();
        StepResult result = TestController.start(temp.resolve(name), host, console).runToEnd(LIMIT);
        return new Run(result, console, new StepDirectory(temp.resolve(name)));
    }

    private record Run(StepResult result, List<String> console, StepDirectory dir) {
        List<String> states() throws IOException {
            RunRecord record = StepResult.readRecord(dir).orElseThrow();
            return record.rows().stream().map(row -> row.id() + " " + row.state().word() + " " + row.reason()).toList();
        }
    }

    @Test
    void aRunGoesThroughTheFilesOnlyAndNoFileButTheSecretsHoldsTheBoundValue() throws Exception {
        Run run = uninterrupted("step");

        assertThat(run.result().failure()).isEmpty();
        assertThat(run.result().interrupted()).isFalse();
        assertThat(run.states()).containsExactlyInAnyOrder("network in sync deployed", "app in sync deployed");
        assertThat(run.console()).anyMatch(line -> line.startsWith("Stack Drift: network: in sync"))
                .hasSize(Set.copyOf(run.console()).size());
        assertThat(Files.readAllLines(fake.scenario().resolve("token.seen"))).isNotEmpty().containsOnly(SECRET);
        List<ToolCall> withToken = calls(run.dir()).stream().filter(call -> call.secrets().contains("TF_VAR_token")).toList();
        assertThat(withToken).isNotEmpty().allSatisfy(call -> assertThat(call.stack()).contains("network"));
        try (Stream<Path> files = Files.walk(run.dir().root())) {
            List<Path> holding = files.filter(Files::isRegularFile).filter(file -> !file.startsWith(run.dir().secrets()))
                    .filter(file -> read(file).contains(SECRET)).toList();
            assertThat(holding).as("files holding the bound value").isEmpty();
        }
    }

    @Test
    void aRestartDuringASlowApplyReattachesAndEndsAsAnUninterruptedRun() throws Exception {
        fake.on("apply").sleepSeconds(2);
        Run baseline = uninterrupted("baseline");
        int callsOfOneRun = fake.calls().size();

        List<String> console = new ArrayList<>();
        TestController before = TestController.start(temp.resolve("step"), host, console);
        StepDirectory dir = new StepDirectory(temp.resolve("step"));
        tickUntil(before, () -> launched(dir, call -> call.command().contains("apply")));
        TestController.Saved saved = before.saved();
        Thread.sleep(1_000);

        StepResult result = TestController.resume(saved, host, console).runToEnd(LIMIT);

        assertThat(result).isEqualTo(baseline.result());
        assertThat(new Run(result, console, dir).states()).isEqualTo(baseline.states());
        assertThat(console).filteredOn(line -> !line.contains("resumed")).isEqualTo(baseline.console());
        assertThat(console).filteredOn(line -> line.contains("resumed after a restart")).hasSize(1);
        assertThat(fake.calls()).as("every tool call ran once").hasSize(2 * callsOfOneRun);
    }

    @Test
    void aRestartBeforeTheEngineStartedStartsItOnceAndOnlyOnce() throws Exception {
        Run baseline = uninterrupted("baseline");
        int callsOfOneRun = fake.calls().size();

        List<String> console = new ArrayList<>();
        TestController.Saved preparing = TestController.start(temp.resolve("step"), host, console).saved();
        StepResult result = TestController.resume(preparing, host, console).runToEnd(LIMIT);

        assertThat(result).isEqualTo(baseline.result());
        assertThat(console).filteredOn(line -> !line.contains("resumed")).isEqualTo(baseline.console());

        // saved as PREPARING though the engine had started: it is not started a second time
        List<String> again = new ArrayList<>();
        TestController first = TestController.start(temp.resolve("again"), host, again);
        first.tick();
        StepDirectory dir = new StepDirectory(temp.resolve("again"));
        tickUntil(first, () -> Files.exists(dir.status()));
        TestController.Saved stale = new TestController.Saved(dir.root(), first.saved().consoleOffset(),
                TestController.Phase.PREPARING, 0);
        assertThat(TestController.resume(stale, host, again).runToEnd(LIMIT)).isEqualTo(baseline.result());
        assertThat(fake.calls()).as("each run's tool calls ran once").hasSize(3 * callsOfOneRun);
    }

    @Test
    void aRestartWhileCollectingReadsTheResultAgainWithoutRepeatingALine() throws Exception {
        Run baseline = uninterrupted("baseline");

        List<String> console = new ArrayList<>();
        TestController before = TestController.start(temp.resolve("step"), host, console);
        tickUntil(before, () -> before.phase() == TestController.Phase.COLLECTING);
        StepResult result = TestController.resume(before.saved(), host, console).runToEnd(LIMIT);

        assertThat(result).isEqualTo(baseline.result());
        assertThat(console).filteredOn(line -> !line.contains("resumed")).isEqualTo(baseline.console());
    }

    @Test
    void aStopDuringAToolCallInterruptsTheToolGentlyStartsNoOtherAndTheResultSaysInterrupted() throws Exception {
        Files.writeString(fake.scenario().resolve("apply.trap"), "");
        List<String> console = new ArrayList<>();
        TestController controller = TestController.start(temp.resolve("step"), host, console);
        tickUntil(controller, () -> Files.exists(fake.scenario().resolve("apply.started")));
        int callsBeforeStop = fake.calls().size();

        controller.stop();
        StepResult result = controller.runToEnd(LIMIT);

        assertThat(fake.scenario().resolve("apply.interrupted")).hasContent("interrupted");
        assertThat(result.interrupted()).isTrue();
        assertThat(fake.calls()).as("no tool call after the stop").hasSize(callsBeforeStop);
        StepDirectory dir = new StepDirectory(temp.resolve("step"));
        assertThat(new Run(result, console, dir).states()).noneMatch(state -> state.endsWith(" deployed"))
                .anyMatch(state -> state.startsWith("app skipped"));
        int apply = calls(dir).stream().filter(call -> call.command().contains("apply")).findFirst().orElseThrow().number();
        assertThat(read(dir.exit(apply)).strip()).isEqualTo("130");
    }

    @Test
    void aVanishedStepDirectoryIsAClearFailure() throws Exception {
        fake.on("apply").sleepSeconds(3);
        List<String> console = new ArrayList<>();
        TestController controller = TestController.start(temp.resolve("step"), host, console);
        StepDirectory dir = new StepDirectory(temp.resolve("step"));
        tickUntil(controller, () -> launched(dir, call -> call.command().contains("apply")));

        deleteTree(dir.root());

        assertThatThrownBy(() -> TestController.resume(controller.saved(), host, console).runToEnd(LIMIT))
                .isInstanceOf(TestController.StepFailed.class)
                .hasMessageContaining("the step directory " + dir.root() + " is gone")
                .hasMessageContaining("run the step again");
    }

    @Test
    void aRequestOfAnotherFormatEndsTheProcessWithAClearResult() throws Exception {
        StepDirectory dir = new StepDirectory(Files.createDirectories(temp.resolve("step")));
        RequestFile.write(dir, host.job());
        Files.writeString(dir.request(), read(dir.request()).replace("\"format\" : 1", "\"format\" : 9"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = EngineProcess.run(new String[] {dir.root().toString()}, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(1);
        assertThat(StepResult.read(dir).orElseThrow().failure()).hasValueSatisfying(reason -> assertThat(reason)
                .contains("is of format 9; this engine reads format 1"));
        assertThat(EngineProcess.run(new String[] {temp.resolve("none").toString()}, new PrintStream(err, true,
                StandardCharsets.UTF_8))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("the step directory " + temp.resolve("none") + " does not exist");
    }

    /** Shard {@code number} of two: network is shard 1's, app (which depends on it) shard 2's. */
    private TestController.Host shard(final int number) {
        EngineJob job = host.job().withShard(new ShardJob(number, 2, LIMIT, "lockTimeout"))
                .withLockedStacks(Set.of(number == 1 ? "network" : "app"));
        return new TestController.Host(job, host.secrets(), host.buildEnvironment(), host.grace());
    }

    @Test
    void aShardWaitsThroughTheBoardFilesForAnotherShardsStackAndDeploysAfterIt() throws Exception {
        TestController.Board board = new TestController.Board(List.of(List.of("network"), List.of("app")));
        List<String> console = new ArrayList<>();
        StepDirectory second = new StepDirectory(temp.resolve("shard-2"));
        TestController app = TestController.start(second.root(), shard(2), console).onBoard(board);
        tickUntil(app, () -> console.stream().anyMatch(line -> line.contains("app waits for network, in shard 1 of 2")));
        assertThat(Files.exists(second.board().resolve("agreement.json"))).isTrue();
        assertThat(calls(second)).as("shard 2 applies nothing while network is not posted")
                .noneMatch(call -> call.command().contains("apply"));

        TestController network = TestController.start(temp.resolve("shard-1"), shard(1), console).onBoard(board);
        network.runToEnd(LIMIT);
        StepResult result = app.runToEnd(LIMIT);

        assertThat(result.failure()).isEmpty();
        assertThat(new Run(result, console, second).states()).contains("app in sync deployed");
        assertThat(board.postedStacks()).containsExactlyInAnyOrder("network", "app");
        assertThat(calls(second)).anyMatch(call -> call.command().contains("apply"));
    }

    @Test
    void aRestartOfTheControllerBetweenShardsRelaysAgainAndLosesNothing() throws Exception {
        TestController.Board board = new TestController.Board(List.of(List.of("network"), List.of("app")));
        List<String> console = new ArrayList<>();
        TestController.start(temp.resolve("shard-1"), shard(1), console).onBoard(board).runToEnd(LIMIT);
        StepDirectory second = new StepDirectory(temp.resolve("shard-2"));
        TestController before = TestController.start(second.root(), shard(2), console).onBoard(board);
        tickUntil(before, () -> Files.exists(second.board().resolve("posts/1.json")));
        // saved before the poll that relayed app's post: the next controller relays it again
        TestController.Saved stale = new TestController.Saved(second.root(), 0, TestController.Phase.RUNNING, 0);

        StepResult result = TestController.resume(stale, shard(2), console).onBoard(board).runToEnd(LIMIT);

        assertThat(result.failure()).isEmpty();
        assertThat(new Run(result, console, second).states()).contains("app in sync deployed");
        assertThat(board.postedStacks()).containsExactlyInAnyOrder("network", "app");
    }

    private static void tickUntil(final TestController controller, final Check done) throws Exception {
        long until = System.nanoTime() + LIMIT.toNanos();
        while (!done.holds()) {
            if (System.nanoTime() - until > 0) {
                throw new AssertionError("not reached in time: " + controller);
            }
            controller.tick();
            Thread.sleep(50);
        }
    }

    @FunctionalInterface
    private interface Check {
        boolean holds() throws Exception;
    }

    private static boolean launched(final StepDirectory dir, final Predicate<ToolCall> which) throws IOException {
        return calls(dir).stream().anyMatch(call -> which.test(call) && Files.exists(dir.launched(call.number())));
    }

    private static List<ToolCall> calls(final StepDirectory dir) throws IOException {
        List<ToolCall> calls = new ArrayList<>();
        for (int n = 0; Files.exists(dir.call(n)); n++) {
            calls.add(ToolCall.read(dir, n));
        }
        return calls;
    }

    private static String read(final Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(final Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
