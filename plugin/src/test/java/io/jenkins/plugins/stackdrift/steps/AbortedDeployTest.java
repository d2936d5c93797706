package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.ClosedByInterruptException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import hudson.model.Job;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.util.Secret;
import io.jenkins.plugins.stackdrift.DemoWorkspace;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.ContainerExecLauncher;
import io.jenkins.plugins.stackdrift.agent.LocalEngineGateway;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.credentials.AllowedCredentials;
import io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment;
import io.jenkins.plugins.stackdrift.credentials.CredentialsLookup;
import io.jenkins.plugins.stackdrift.credentials.SecretFileWriter;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.render.SecretMask;
import io.stackdrift.testing.PosixOnly;

/**
 * An aborted deploy inside a container: the launch's {@code Proc.kill} does nothing there, so the apply is stopped
 * only by its cookie. The stack's lock must stay held until the apply (and the process it started) is gone: another
 * build that gets the lock must never meet a running apply of the same stack.
 */
@PosixOnly
@EnabledOnOs(OS.LINUX)
class AbortedDeployTest {
    @TempDir
    Path root;

    private Path pids;

    /** A deploy of the demo's network stack whose apply hangs (and has a child, as a provider would be). */
    private StackDriftStepRun hangingDeploy(final StepSettings settings) throws Exception {
        Path workspace = DemoWorkspace.copyTo(Files.createDirectories(root.resolve("ws")));
        pids = Files.createDirectories(root.resolve("pids"));
        for (String tool : List.of("terraform", "tofu")) {
            Path script = workspace.resolve("bin/" + tool);
            Files.writeString(script, "#!/usr/bin/env bash\n"
                    + "if [ \"$1\" = apply ]; then echo $$ > '" + pids + "/apply'; sleep 300 & echo $! > '" + pids + "/child'; wait; fi\n"
                    + "exec bash \"$(dirname \"$0\")/lib/tf-sim.sh\" " + tool + " \"$@\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path jobDir = Files.createDirectories(root.resolve("job"));
        Job<?, ?> job = mock(Job.class);
        when(job.getFullName()).thenReturn("folder/infra");
        when(job.getRootDir()).thenReturn(jobDir.toFile());
        Run<?, ?> run = mock(Run.class);
        when(run.getId()).thenReturn("1");
        when(run.getNumber()).thenReturn(1);
        when(run.getRootDir()).thenReturn(Files.createDirectories(root.resolve("builds/1")).toFile());
        doReturn(job).when(run).getParent();
        when(run.getCauses()).thenReturn(List.of());
        TaskListener listener = mock(TaskListener.class);
        when(listener.getLogger()).thenReturn(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        CredentialsLookup lookup = id -> Optional.of(secretText("value-of-" + id.value()));
        Path temp = Files.createDirectories(root.resolve("tmp"));
        LocalEngineGateway gateway = new LocalEngineGateway(workspace, temp, listener, new ContainerExecLauncher());
        return new StackDriftStepRun(settings, Operation.DEPLOY, run, listener, gateway,
                new CredentialsEnvironment(lookup, mock(SecretFileWriter.class), SecretMask::patternOf)
                        .withAllowed(AllowedCredentials.of(List.of("aws-network-key", "aws-network-secret"), List.of(), List.of())),
                StackDriftGlobalConfiguration.Defaults.builtIn(),
                Map.of("PATH", DemoWorkspace.pathWithSimulations(workspace)), JobHistory.inJobDir(jobDir.toFile()), null);
    }

    private static StepSettings network() {
        return new StepSettings(null, List.of("network"), null);
    }

    @Test
    @SuppressWarnings("unchecked")
    void anApplyThatOutlivesToolTimeoutFailsItsStackNamingTheParameterAndIsKilled() throws Exception {
        Map<String, Object> result = hangingDeploy(network().withToolTimeout(Duration.ofSeconds(8))).run();

        List<Map<String, Object>> rows = (List<Map<String, Object>>) result.get("rows");
        assertThat(rows).filteredOn(row -> row.get("id").equals("network")).singleElement().satisfies(row -> {
            assertThat(row.get("state")).isEqualTo("failed");
            assertThat((String) row.get("reason")).contains("apply timed out after 8s (raise toolTimeout");
        });
        assertThat(alive(Long.parseLong(Files.readString(pids.resolve("apply")).trim()))).isFalse();
        assertThat(alive(Long.parseLong(Files.readString(pids.resolve("child")).trim()))).isFalse();
    }

    @Test
    void theStackLockIsLetGoOnlyAfterTheKilledApplyIsGone() throws Exception {
        StackDriftStepRun step = hangingDeploy(network());
        AtomicReference<Throwable> ended = new AtomicReference<>();
        Thread build = new Thread(() -> {
            try {
                step.run();
            } catch (Exception e) {
                ended.set(e);
            }
        });
        build.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!written(pids.resolve("child")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        long apply = Long.parseLong(Files.readString(pids.resolve("apply")).trim());
        long child = Long.parseLong(Files.readString(pids.resolve("child")).trim());
        assertThat(alive(apply)).isTrue();

        // the next build waits for the lock; the moment it gets it, the apply must be gone
        AtomicBoolean applyAliveAtRelease = new AtomicBoolean(true);
        AtomicReference<String> seen = new AtomicReference<>("the lock was not got");
        Thread next = new Thread(() -> {
            try (JobStackLocks.Held held = JobStackLocks.acquireAll("folder/infra", List.of("network"), "the next build",
                    Duration.ofSeconds(60), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
                applyAliveAtRelease.set(held.stacks().isEmpty() || alive(apply) || alive(child));
                seen.set("held " + held.stacks() + ", apply alive " + alive(apply) + ", its child alive " + alive(child));
            } catch (Exception e) {
                seen.set(e.toString());
                // the assertion below fails: the flag stays set
            }
        });
        next.start();
        build.interrupt();
        build.join(60_000);
        next.join(60_000);

        assertThat(applyAliveAtRelease).as(seen.get()).isFalse();
        // an interrupt, as the thread met it (in a wait, or in a file write)
        assertThat(ended.get()).isInstanceOfAny(InterruptedException.class, ClosedByInterruptException.class);
    }

    /** The pid file is there and its line complete. */
    private static boolean written(final Path file) throws IOException {
        return Files.exists(file) && Files.readString(file).endsWith("\n");
    }

    /** Running: a killed process whose new parent has not reaped it yet (a zombie) is not. */
    private static boolean alive(final long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return !stat.substring(stat.lastIndexOf(')') + 1).trim().startsWith("Z");
        } catch (IOException e) {
            return false;
        }
    }

    private static StandardCredentials secretText(final String value) {
        StringCredentials credentials = mock(StringCredentials.class);
        Secret secret = mock(Secret.class);
        when(secret.getPlainText()).thenReturn(value);
        when(credentials.getSecret()).thenReturn(secret);
        return credentials;
    }
}
