package io.stackdrift.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;

/** The engine's side of a tool call, with this test playing the host and the wrapper by hand. */
class FileProcessRunnerTest {
    private static final StepSecrets BOUND = new StepSecrets(Map.of("network", Map.of("TOKEN", "s3cr3t")), Map.of(), "", "");

    @TempDir
    Path temp;

    private StepDirectory dir;
    private Path stack;

    @BeforeEach
    void directories() throws IOException {
        dir = new StepDirectory(Files.createDirectories(temp.resolve("step")));
        stack = Files.createDirectories(temp.resolve("network"));
    }

    private ProcessSpec spec(final Duration timeout) {
        return new ProcessSpec(List.of("terraform", "plan"), stack, Map.of("TOKEN", "s3cr3t", "TF_IN_AUTOMATION", "1"), timeout,
                temp.resolve("work/plan.out"));
    }

    @Test
    void aCallIsWrittenForTheHostAndItsExitAndOutputAreTaken() throws Exception {
        FileProcessRunner runner = new FileProcessRunner(dir, BOUND, Duration.ofSeconds(1));
        CompletableFuture<ProcessResult> running = CompletableFuture.supplyAsync(() -> run(runner, spec(Duration.ofMinutes(1))));
        awaitFile(dir.call(0));

        ToolCall call = ToolCall.read(dir, 0);
        assertThat(call.command()).containsExactly("terraform", "plan");
        assertThat(call.secrets()).containsExactly("TOKEN");
        assertThat(call.stack()).contains("network");
        assertThat(call.switches()).containsExactly(Map.entry("TF_IN_AUTOMATION", "1"));
        assertThat(Files.readString(dir.call(0))).doesNotContain("s3cr3t");
        assertThat(call.environment(BOUND)).containsEntry("TOKEN", "s3cr3t");
        Files.writeString(dir.out(0), "planned\n");
        Files.writeString(dir.err(0), "warning about s3cr3t\n");
        Files.writeString(dir.exit(0), "2\n");

        ProcessResult result = running.get();
        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(Files.readString(result.stdoutFile())).isEqualTo("planned\n");
        assertThat(result.stderrTail()).isEqualTo("warning about " + SecretMask.MASK + "\n");
        assertThat(runner.callsAsked()).isEqualTo(1);
    }

    @Test
    void afterAStopNoCallIsWritten() throws IOException {
        Files.writeString(dir.stop(), "");
        FileProcessRunner runner = new FileProcessRunner(dir, BOUND, Duration.ofSeconds(1));

        assertThatThrownBy(() -> runner.run(spec(Duration.ofMinutes(1)))).isInstanceOf(InterruptedException.class);
        assertThat(dir.call(0)).doesNotExist();
    }

    @Test
    void aStopBeforeTheHostClaimedTheCallClaimsItSoItNeverRuns() throws Exception {
        FileProcessRunner runner = new FileProcessRunner(dir, BOUND, Duration.ofMinutes(5));
        CompletableFuture<Throwable> running = CompletableFuture.supplyAsync(() -> thrown(runner, spec(Duration.ofMinutes(1))));
        awaitFile(dir.call(0));

        Files.writeString(dir.stop(), "");

        assertThat(running.get()).isInstanceOf(InterruptedException.class);
        assertThat(dir.claim(0)).as("a host may still launch the call").isFalse();
    }

    @Test
    void atTheTimeoutTheCallIsAskedToStopAndReportedTimedOut() throws Exception {
        FileProcessRunner runner = new FileProcessRunner(dir, BOUND, Duration.ofSeconds(5));
        Files.createDirectories(dir.calls());
        assertThat(dir.claim(0)).as("the host launched the call").isTrue();
        CompletableFuture<ProcessResult> running = CompletableFuture.supplyAsync(() -> run(runner, spec(Duration.ofMillis(300))));

        awaitFile(dir.callStop(0));
        Files.writeString(dir.exit(0), "130\n");

        assertThat(running.get().timedOut()).isTrue();
    }

    @Test
    void aVariableHoldingASecretTheStepDidNotBindIsNeverWritten() {
        FileProcessRunner runner = new FileProcessRunner(dir, BOUND, Duration.ofSeconds(1));
        ProcessSpec leaking = new ProcessSpec(List.of("terraform", "plan"), stack, Map.of("OTHER", "s3cr3t"),
                Duration.ofMinutes(1), temp.resolve("work/plan.out"));

        assertThatThrownBy(() -> runner.run(leaking)).isInstanceOf(IOException.class)
                .hasMessageContaining("OTHER").hasMessageNotContaining("s3cr3t");
        assertThat(dir.call(0)).doesNotExist();
    }

    private static ProcessResult run(final FileProcessRunner runner, final ProcessSpec spec) {
        try {
            return runner.run(spec);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Throwable thrown(final FileProcessRunner runner, final ProcessSpec spec) {
        try {
            runner.run(spec);
            return null;
        } catch (IOException | InterruptedException e) {
            return e;
        }
    }

    private static void awaitFile(final Path file) throws InterruptedException {
        for (int i = 0; i < 200 && !Files.exists(file); i++) {
            Thread.sleep(50);
        }
        assertThat(file).exists();
    }
}
