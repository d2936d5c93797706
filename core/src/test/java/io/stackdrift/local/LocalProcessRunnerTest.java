package io.stackdrift.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.testing.FakeTool;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class LocalProcessRunnerTest {
    @TempDir
    Path temp;

    private final LocalProcessRunner runner = new LocalProcessRunner();

    @Test
    void streamsStdoutToTheFileAndKeepsStderrApart() throws Exception {
        FakeTool tool = FakeTool.create(temp, "terraform");
        tool.on("show").stdout("{\"format_version\":\"1.2\"}").stderr("Warning: something\n").exitCode(0);
        Path out = temp.resolve("work/show.json");

        ProcessResult result = runner.run(spec(tool, List.of("show", "-json"), out, Duration.ofMinutes(1)));

        assertThat(result.exitCode()).isZero();
        assertThat(result.timedOut()).isFalse();
        assertThat(result.notFound()).isFalse();
        assertThat(Files.readString(out)).isEqualTo("{\"format_version\":\"1.2\"}");
        assertThat(result.stderrTail()).isEqualTo("Warning: something\n");
    }

    @Test
    void runsInTheWorkingDirectoryWithTheGivenArgumentsAndExitCode() throws Exception {
        FakeTool tool = FakeTool.create(temp, "tofu");
        tool.on("plan").exitCode(2);
        Path stackDir = Files.createDirectories(temp.resolve("stacks/network with space"));

        ProcessResult result = runner.run(new ProcessSpec(command(tool, "plan", "-out=a b.tfplan", "-detailed-exitcode"),
                stackDir, tool.environment(), Duration.ofMinutes(1), temp.resolve("plan.log")));

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(tool.calls()).singleElement().satisfies(call -> {
            assertThat(call.directory()).isEqualTo(stackDir.toRealPath());
            assertThat(call.arguments()).containsExactly("plan", "-out=a b.tfplan", "-detailed-exitcode");
        });
        assertThat(stackDir.resolve("a b.tfplan")).exists();
    }

    @Test
    void addsTheEnvironmentToTheInheritedOne() throws Exception {
        FakeTool tool = FakeTool.create(temp, "terraform");
        Path script = temp.resolve("env.sh");
        Files.writeString(script, "#!/usr/bin/env bash\nprintf '%s|%s' \"$STACK_SECRET\" \"${PATH:+has-path}\"\n");
        script.toFile().setExecutable(true);
        Path out = temp.resolve("env.out");

        ProcessResult result = runner.run(new ProcessSpec(List.of(script.toString()), temp, Map.of("STACK_SECRET", "s3"),
                Duration.ofMinutes(1), out));

        assertThat(result.exitCode()).isZero();
        assertThat(Files.readString(out)).isEqualTo("s3|has-path");
        assertThat(tool.calls()).isEmpty();
    }

    @Test
    void killsAProcessThatPassesItsTimeout() throws Exception {
        FakeTool tool = FakeTool.create(temp, "terraform");
        tool.on("plan").sleepSeconds(60).stderr("never printed");

        ProcessResult result = runner.run(spec(tool, List.of("plan"), temp.resolve("plan.log"), Duration.ofMillis(500)));

        assertThat(result.timedOut()).isTrue();
        assertThat(result.notFound()).isFalse();
        assertThat(result.stderrTail()).doesNotContain("never printed");
    }

    @Test
    void reportsAnExecutableThatCannotStart() throws Exception {
        ProcessResult result = runner.run(new ProcessSpec(List.of(temp.resolve("no-such-terraform").toString(), "version"),
                temp, Map.of(), Duration.ofMinutes(1), temp.resolve("v.json")));

        assertThat(result.notFound()).isTrue();
        assertThat(result.timedOut()).isFalse();
    }

    @Test
    void aMissingWorkingDirectoryIsNotAMissingExecutable() throws IOException {
        FakeTool tool = FakeTool.create(temp, "terraform");
        ProcessSpec spec = new ProcessSpec(command(tool, "init"), temp.resolve("gone"), tool.environment(),
                Duration.ofMinutes(1), temp.resolve("init.log"));

        assertThatThrownBy(() -> runner.run(spec)).isInstanceOf(IOException.class).hasMessageContaining("does not exist");
    }

    @Test
    void keepsOnlyTheTailOfALongStderr() throws Exception {
        FakeTool tool = FakeTool.create(temp, "pulumi");
        tool.on("preview").stderr("noise line\n".repeat(5_000) + "error: the real reason\n").exitCode(1);

        ProcessResult result = new LocalProcessRunner(256).run(spec(tool, List.of("preview"), temp.resolve("p.json"),
                Duration.ofMinutes(1)));

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderrTail()).hasSizeLessThanOrEqualTo(256).endsWith("error: the real reason\n");
    }

    @Test
    void anInterruptedRunKillsTheProcessAndRethrows() throws Exception {
        FakeTool tool = FakeTool.create(temp, "terraform");
        tool.on("apply").sleepSeconds(60);
        ExecutorService executor = Executors.newSingleThreadExecutor();
        AtomicReference<Thread> worker = new AtomicReference<>();
        try {
            Future<Throwable> outcome = executor.submit(() -> {
                worker.set(Thread.currentThread());
                try {
                    runner.run(spec(tool, List.of("apply"), temp.resolve("apply.log"), Duration.ofMinutes(5)));
                    return null;
                } catch (InterruptedException e) {
                    return e;
                }
            });
            while (tool.calls().isEmpty()) {
                Thread.sleep(20);
            }
            worker.get().interrupt();
            assertThat(outcome.get(1, TimeUnit.MINUTES)).isInstanceOf(InterruptedException.class);
        } finally {
            executor.shutdownNow();
        }
    }

    private static ProcessSpec spec(final FakeTool tool, final List<String> arguments, final Path stdout, final Duration timeout) {
        Map<String, String> environment = new HashMap<>(tool.environment());
        return new ProcessSpec(command(tool, arguments.toArray(String[]::new)), tool.scenario().getParent(), environment, timeout, stdout);
    }

    private static List<String> command(final FakeTool tool, final String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(tool.executable().toString());
        command.addAll(List.of(arguments));
        return command;
    }
}
