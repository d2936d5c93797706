package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.durable.EngineProcess;
import io.stackdrift.durable.RunOperation;
import io.stackdrift.durable.StepRequest;
import io.stackdrift.durable.StepResult;
import io.stackdrift.model.Tool;
import io.stackdrift.render.SecretMask;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.runner.StepSecrets;
import io.stackdrift.testing.PosixOnly;

/**
 * The durable step's controller side without Jenkins: the files the controller writes ({@link DurableStepFiles.Prepare}),
 * a real engine process ({@link EngineProcess}, started with this JVM's Java and class path, as the controller starts it
 * with the agent's), the polls ({@link DurableStepFiles.Poll}) and each call wrapped as {@link DurableEngine#wrapped}
 * wraps it, admitted by the {@link LaunchPolicy} and started by a launcher that starts what the policy allows. What
 * only a real Jenkins shows (the launcher's channel, the restart) is {@code DurableRestartITest}'s.
 */
@PosixOnly
class DurableEngineFilesTest {
    private static final String TOKEN = "tok-Durable9Qx4Lm2";

    @TempDir
    Path root;

    private Path workspace() throws Exception {
        Path ws = Files.createDirectories(root.resolve("ws"));
        for (String stack : List.of("a", "b")) {
            Files.createDirectories(ws.resolve(stack));
            Files.writeString(ws.resolve(stack + "/main.tf"), "terraform {\n}\n");
        }
        Files.writeString(ws.resolve("stacks.yaml"), """
                stacks:
                  - dir: a
                  - dir: b
                    credentials:
                      B_TOKEN: b-token
                """);
        return ws;
    }

    /** A Terraform stand-in whose plan fails, quoting the stack's token on stderr, and counts its calls. */
    private Path terraform(final Path ws) throws Exception {
        Path tool = ws.resolve("terraform-stand-in");
        Files.writeString(tool, """
                #!/bin/sh
                echo "$*" >> "@CALLS@"
                case "$1" in
                  version) echo '{"terraform_version":"1.11.4","platform":"linux_amd64","provider_selections":{}}' ;;
                  plan) echo "Error: the token ${B_TOKEN:-none} was rejected" >&2; exit 1 ;;
                  *) exit 0 ;;
                esac
                """.replace("@CALLS@", root.resolve("calls.txt").toString()));
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return tool;
    }

    /** Runs the step as the controller's poller would, to the engine's result; returns the console. */
    private String runToEnd(final Path ws, final Path stepDir, final StepRequest request, final StackCredentials credentials)
            throws Exception {
        return runToEnd(ws, stepDir, request, credentials, ShardRoute.none());
    }

    /** As above, for the shard {@code route} names: each poll relays its board files to the build's board. */
    private String runToEnd(final Path ws, final Path stepDir, final StepRequest request, final StackCredentials credentials,
            final ShardRoute route) throws Exception {
        StepSecrets secrets = new StepSecrets(credentials.byStack(), credentials.failures(), credentials.maskPattern(), "");
        new DurableStepFiles.Prepare(RunOperation.DEPLOY, ws.toString(), request, Set.of("a", "b"), Set.of(),
                Duration.ofSeconds(5), secrets, route).invoke(stepDir.toFile(), null);
        BoardRelay relay = route.number() == 0 ? null : BoardRelay.of(route);
        Process engine = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), EngineProcess.class.getName(), stepDir.toString())
                .redirectErrorStream(true).redirectOutput(stepDir.resolve("engine.out").toFile()).start();
        LaunchPolicy policy = new LaunchPolicy(new EngineRequest(request).toolPaths(), ws.toString(), stepDir.toString(),
                Map.of("PATH", System.getenv("PATH")), credentials.boundEnvironments());
        FakeLocalLauncher launcher = new FakeLocalLauncher(policy);
        StringBuilder console = new StringBuilder();
        long offset = 0;
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            DurableStepFiles.Poll poll = relay == null ? new DurableStepFiles.Poll(offset) : relay.poll(offset);
            DurableStepFiles.Tick tick = poll.invoke(stepDir.toFile(), null);
            console.append(tick.log());
            offset = tick.offset();
            for (DurableStepFiles.Call call : tick.calls()) {
                ToolCommand command = DurableEngine.wrapped(new StepDirectory(stepDir), call, Duration.ofSeconds(5));
                assertThat(policy.refusal(command)).as("the policy admits the durable call %s", call).isEmpty();
                launcher.start(policy.launched(command));
            }
            if (relay != null) {
                relay.relay(tick.mail(), System.out);
            }
            if (tick.ended() && !tick.more()) {
                break;
            }
            assertThat(System.nanoTime() < deadline).as("the engine ended in time: %s%n%s", console,
                    Files.exists(stepDir.resolve("engine.out")) ? Files.readString(stepDir.resolve("engine.out")) : "").isTrue();
            Thread.sleep(100);
        }
        engine.waitFor();
        return console.toString();
    }

    @Test
    void theEngineProcessRunsItsCallsThroughThePolicyAndTheWrappersAndEndsWithAMaskedResult() throws Exception {
        Path ws = workspace();
        Path tool = terraform(ws);
        Path stepDir = root.resolve("ws@tmp/stack-drift-5-deploy-x");
        StepRequest request = StepRequest.builder("5").toolPaths(Map.of(Tool.TERRAFORM, tool.toString())).build();
        StackCredentials credentials = new StackCredentials(Map.of("b", Map.of("B_TOKEN", TOKEN)), Map.of(),
                SecretMask.patternOf(List.of(TOKEN)));

        String console = runToEnd(ws, stepDir, request, credentials);

        StepResult result = StepResult.read(new StepDirectory(stepDir)).orElseThrow();
        assertThat(result.failure()).isEmpty();
        assertThat(result.exitCode()).isEqualTo(1);
        String record = Files.readString(stepDir.resolve("record.json"));
        assertThat(record).contains("terraform plan failed").doesNotContain(TOKEN);
        assertThat(console).contains("b: failed").doesNotContain(TOKEN);
        // the tool's stderr came through the inner wrapper's own file, with the stack's token in it
        try (var files = Files.list(stepDir.resolve("calls"))) {
            assertThat(files.filter(f -> f.getFileName().toString().endsWith(".out.stderr")).map(f -> {
                try {
                    return Files.readString(f);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            })).anyMatch(text -> text.contains("the token " + TOKEN + " was rejected"));
        }
        List<String> calls = Files.readAllLines(root.resolve("calls.txt"));
        assertThat(calls).anyMatch(line -> line.startsWith("plan"));
        // every call the engine asked for was claimed once and ended with an exit status
        List<String> names = new ArrayList<>();
        try (var files = Files.list(stepDir.resolve("calls"))) {
            files.forEach(f -> names.add(f.getFileName().toString()));
        }
        long asked = names.stream().filter(n -> n.endsWith(".json")).count();
        assertThat(asked).isGreaterThanOrEqualTo(calls.size());
        assertThat(names.stream().filter(n -> n.endsWith(".launched")).count()).isEqualTo(asked);
        assertThat(names.stream().filter(n -> n.endsWith(".exit")).count()).isEqualTo(asked);
    }

    @Test
    void aToolTheShellCannotFindFailsItsStackAsNotFound() throws Exception {
        Path ws = workspace();
        Path stepDir = root.resolve("ws@tmp/stack-drift-6-deploy-y");
        StepRequest request = StepRequest.builder("6").toolPaths(Map.of(Tool.TERRAFORM, root.resolve("no/terraform").toString()))
                .build();

        runToEnd(ws, stepDir, request, StackCredentials.none());

        String record = Files.readString(stepDir.resolve("record.json"));
        assertThat(record).contains("not found");
    }

    /** The class names an object's serialized form holds (what the controller's class filter checks in an answer). */
    private static Set<String> classesIn(final Object answer) throws IOException {
        Set<String> names = new TreeSet<>();
        try (ObjectOutputStream out = new ObjectOutputStream(OutputStream.nullOutputStream()) {
            {
                enableReplaceObject(true);
            }

            @Override
            protected Object replaceObject(final Object obj) {
                names.add(obj.getClass().getName());
                return obj;
            }
        }) {
            out.writeObject(answer);
        }
        return names;
    }

    /**
     * The controller refuses the core's (a bundled library's) types in an answer from an agent (JEP-200's class filter):
     * the first restart on an agent failed so ({@code Rejected: io.stackdrift.runner.StepSecrets}). Every answer of the
     * durable step's calls holds JDK and plugin types only; a planted answer with a core type is found.
     */
    @Test
    void answersFromTheAgentHoldOnlyJdkAndPluginTypes() throws Exception {
        Path ws = workspace();
        Path stepDir = root.resolve("ws@tmp/stack-drift-7-deploy-z");
        StepRequest request = StepRequest.builder("7").toolPaths(Map.of(Tool.TERRAFORM, terraform(ws).toString())).build();
        StackCredentials credentials = new StackCredentials(Map.of("b", Map.of("B_TOKEN", TOKEN)), Map.of(),
                SecretMask.patternOf(List.of(TOKEN)));
        runToEnd(ws, stepDir, request, credentials);
        Files.delete(stepDir.resolve("calls/0.launched"));

        List<Object> answers = List.of(new DurableStepFiles.Poll(0).invoke(stepDir.toFile(), null),
                new DurableStepFiles.ReadWritten().invoke(stepDir.toFile(), null),
                new DurableStepFiles.AgentJava().invoke(stepDir.toFile(), null));
        for (Object answer : answers) {
            assertThat(classesIn(answer)).as("the classes in %s", answer)
                    .allMatch(name -> name.startsWith("java.") || name.startsWith("io.jenkins.plugins."));
        }
        assertThat(((DurableStepFiles.Tick) answers.get(0)).calls()).as("the call unclaimed again is in the answer").hasSize(1);
        assertThat(classesIn(List.of(StepSecrets.none()))).as("a planted core type")
                .anyMatch(name -> name.startsWith("io.stackdrift."));
    }

    /**
     * Two shards of one build, each a durable step of its own: shard 1's posts reach the build's board through its polls
     * only, and shard 2's engine reads them from the snapshot its polls write (b depends on a, whose plan fails).
     */
    @Test
    void durableShardsReachTheBuildsBoardThroughTheirPollsOnly() throws Exception {
        Path ws = workspace();
        Files.writeString(ws.resolve("stacks.yaml"), """
                stacks:
                  - dir: a
                  - dir: b
                    dependsOn: [a]
                """);
        StepRequest request = StepRequest.builder("8").toolPaths(Map.of(Tool.TERRAFORM, terraform(ws).toString())).build();
        List<BuildShards.Saved> saves = new ArrayList<>();
        BuildShards board = new BuildShards(List.of(List.of("a"), List.of("b")), saves::add, System::currentTimeMillis);
        board.start(1);
        board.start(2);

        runToEnd(ws, root.resolve("ws@tmp/shard-1"), request, StackCredentials.none(), ShardRoute.of(1, board, Duration.ZERO));
        String second = runToEnd(ws, root.resolve("ws@tmp/shard-2"), request, StackCredentials.none(),
                ShardRoute.of(2, board, Duration.ZERO));

        assertThat(board.posts()).extracting(post -> post.get(0) + " " + post.get(1)).containsExactly("a FAILED", "b SKIPPED");
        assertThat(board.ended()).containsExactly(1, 2);
        assertThat(second).contains("b: skipped");
        // a restart now would not stop them: their steps follow their engines again
        assertThat(saves.get(saves.size() - 1).durable()).containsExactlyInAnyOrder(1, 2);
    }
}
