package io.stackdrift.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.StackId;
import io.stackdrift.record.ProcessOwner;
import io.stackdrift.record.ToolProcessLog;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;
import io.stackdrift.testing.PosixOnly;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FileStackLocksTest {
    private static final StackId NETWORK = StackId.of("network");
    private static final long OWN_PID = ProcessHandle.current().pid();

    @TempDir
    Path dir;

    private final List<String> waits = Collections.synchronizedList(new ArrayList<>());
    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() {
        children.forEach(Process::destroyForcibly);
    }

    private FileStackLocks locks(final Duration timeout) {
        return new FileStackLocks(dir, timeout, waits::add, Clock.system(ZoneOffset.UTC), Duration.ofMillis(20));
    }

    @Test
    void namesLockFilesSafelyAndKeepsLookalikeIdsApart() {
        Path slash = FileStackLocks.lockFile(dir, StackId.of("envs/prod:blue"));
        Path underscore = FileStackLocks.lockFile(dir, StackId.of("envs_prod_blue"));

        assertThat(slash.getParent()).isEqualTo(dir);
        assertThat(slash.getFileName().toString()).matches("envs_prod_blue-[0-9a-f]{8}\\.lock");
        assertThat(slash).isNotEqualTo(underscore);
    }

    @Test
    void aHeldLockSaysWhoHoldsItAndIsEmptiedWhenReleased() throws Exception {
        Path file = FileStackLocks.lockFile(dir, NETWORK);
        try (StackLock lock = locks(Duration.ofSeconds(1)).acquire(NETWORK, "deploy")) {
            assertThat(lock.stack()).isEqualTo(NETWORK);
            assertThat(Files.readString(file)).contains("pid=" + OWN_PID, "purpose=deploy", "stack=network");
        }
        assertThat(Files.size(file)).isZero();
    }

    @Test
    void aSecondRunInTheSameJvmWaitsThenGetsTheLock() throws Exception {
        FileStackLocks locks = locks(Duration.ofSeconds(20));
        StackLock first = locks.acquire(NETWORK, "deploy");
        CompletableFuture<StackLock> second = CompletableFuture.supplyAsync(() -> {
            try {
                return locks.acquire(NETWORK, "deploy");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        awaitTrue(() -> !waits.isEmpty());
        assertThat(second).isNotDone();

        first.close();

        try (StackLock lock = second.get(20, TimeUnit.SECONDS)) {
            assertThat(lock.stack()).isEqualTo(NETWORK);
        }
        assertThat(waits.get(0)).matches("waiting for the deploy of network by pid " + OWN_PID
                + " \\(started \\d\\d:\\d\\d\\) to finish");
    }

    @Test
    void theLockStaysHeldWhileItsHolderLooksForADeadRunsToolsAndAThreadOfThisJvmWaits() throws Exception {
        // the command line's locks: with the tool process log, the holder reads its lock file after taking it
        FileStackLocks locks = new FileStackLocks(dir, Duration.ofSeconds(20), waits::add, Clock.system(ZoneOffset.UTC),
                Duration.ofMillis(20), Optional.of(new ToolProcessLog(dir.resolve("runs"))));
        StackLock held = locks.acquire(NETWORK, "deploy");
        try {
            CompletableFuture<StackLock> inThisJvm = CompletableFuture.supplyAsync(() -> {
                try {
                    return locks.acquire(NETWORK, "deploy");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            awaitTrue(() -> !waits.isEmpty());

            Process child = startHolder(NETWORK, 300);
            BufferedReader out = reader(child);
            // closing any descriptor of the file in this process would have released the lock: the child got it
            assertThat(out.readLine()).startsWith("WAIT waiting for the deploy of network by pid " + OWN_PID);
            assertThat(out.readLine()).startsWith("TIMEOUT gave up after 0.3s waiting for the deploy of network by pid " + OWN_PID);
            assertThat(waits.get(0)).startsWith("waiting for the deploy of network by pid " + OWN_PID + " (started ");
            assertThat(inThisJvm).isNotDone();
            held.close();
            inThisJvm.get(20, TimeUnit.SECONDS).close();
        } finally {
            held.close();
        }
    }

    @PosixOnly
    @Test
    void aFifoInPlaceOfTheLockFileIsRefusedWithOneLineInsteadOfBlockingTheRun() throws Exception {
        Path file = FileStackLocks.lockFile(dir, NETWORK);
        assertThat(new ProcessBuilder("mkfifo", file.toString()).start().waitFor()).isZero();

        assertThatThrownBy(() -> locks(Duration.ofSeconds(1)).acquire(NETWORK, "deploy"))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("cannot lock stack network with lock file " + file + ": " + file
                        + " is a FIFO, socket or device, not a regular file");
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void givesUpAfterTheWaitTimeoutNamingTheHolder() throws Exception {
        try (StackLock held = locks(Duration.ofSeconds(5)).acquire(NETWORK, "destroy")) {
            assertThatThrownBy(() -> locks(Duration.ofMillis(300)).acquire(NETWORK, "deploy"))
                    .isInstanceOf(StackLockTimeoutException.class)
                    .hasMessageStartingWith("gave up after 0.3s waiting for the destroy of network by pid " + OWN_PID)
                    .hasMessageContaining("lock file " + FileStackLocks.lockFile(dir, NETWORK));
        }
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void differentStacksDoNotWaitForEachOther() throws Exception {
        FileStackLocks locks = locks(Duration.ofMillis(200));
        try (StackLock a = locks.acquire(NETWORK, "deploy"); StackLock b = locks.acquire(StackId.of("app"), "deploy")) {
            assertThat(waits).isEmpty();
        }
    }

    @Test
    void anotherProcessHoldingTheLockKeepsThisOneWaitingUntilItReleases() throws Exception {
        Process child = startHolder(NETWORK, 10_000);
        BufferedReader out = reader(child);
        assertThat(out.readLine()).isEqualTo("LOCKED network");

        assertThatThrownBy(() -> locks(Duration.ofMillis(400)).acquire(NETWORK, "deploy"))
                .isInstanceOf(StackLockTimeoutException.class)
                .hasMessageContaining("the deploy of network by pid " + child.pid());
        assertThat(waits).anySatisfy(line -> assertThat(line)
                .startsWith("waiting for the deploy of network by pid " + child.pid() + " (started "));

        release(child);
        assertThat(out.readLine()).isEqualTo("RELEASED");
        try (StackLock lock = locks(Duration.ofSeconds(20)).acquire(NETWORK, "deploy")) {
            assertThat(lock.stack()).isEqualTo(NETWORK);
        }
    }

    @Test
    void aProcessWaitsForThisOneAndSaysForWhom() throws Exception {
        StackLock held = locks(Duration.ofSeconds(5)).acquire(NETWORK, "deploy");
        Process child = startHolder(NETWORK, 30_000);
        BufferedReader out = reader(child);
        String first = out.readLine();
        held.close();

        assertThat(first).startsWith("WAIT waiting for the deploy of network by pid " + OWN_PID + " (started ");
        assertThat(out.readLine()).isEqualTo("LOCKED network");
        release(child);
        assertThat(out.readLine()).isEqualTo("RELEASED");
        assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void aKilledHolderLeavesNoStaleLock() throws Exception {
        Process child = startHolder(NETWORK, 10_000);
        assertThat(reader(child).readLine()).isEqualTo("LOCKED network");

        child.destroyForcibly().waitFor(20, TimeUnit.SECONDS);

        try (StackLock lock = locks(Duration.ofSeconds(20)).acquire(NETWORK, "deploy")) {
            assertThat(Files.readString(FileStackLocks.lockFile(dir, NETWORK))).contains("pid=" + OWN_PID);
        }
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void aWaitingThreadCanBeInterrupted() throws Exception {
        try (StackLock held = locks(Duration.ofSeconds(5)).acquire(NETWORK, "deploy")) {
            Thread.currentThread().interrupt();
            assertThatThrownBy(() -> locks(Duration.ofSeconds(5)).acquire(NETWORK, "deploy"))
                    .isInstanceOf(InterruptedException.class);
            Thread.interrupted();
        }
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void afterAKilledHolderTheLockStaysTakenWhileItsToolStillApplies() throws Exception {
        Path logDir = dir.resolve("runs");
        Path work = Files.createDirectories(dir.resolve("work"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process holder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), ApplyingHolderMain.class.getName(),
                dir.toString(), "network", logDir.toString(), "3", work.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        children.add(holder);
        ProcessOwner run = ProcessOwner.of(holder.toHandle());
        ToolProcessLog log = new ToolProcessLog(logDir);
        try (BufferedReader out = reader(holder)) {
            assertThat(out.readLine()).isEqualTo("APPLYING");
        }
        List<ProcessOwner> tools = log.liveProcessesOf(run);
        assertThat(tools).hasSize(1);
        // kill -9: the operating system frees the file lock at once, the tool's apply goes on
        holder.destroyForcibly();
        assertThat(holder.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(tools.get(0).isAlive()).isTrue();
        List<String> waits = new CopyOnWriteArrayList<>();

        try (StackLock lock = new FileStackLocks(dir, Duration.ofSeconds(20), waits::add, log).acquire(StackId.of("network"), "deploy")) {
            assertThat(tools.get(0).isAlive()).as("the dead run's tool still runs while the lock is handed out").isFalse();
        }
        assertThat(waits).singleElement().asString().startsWith("waiting for tool process " + tools.get(0).pid()
                + " of the ended run pid " + holder.pid());
        // the log of that run is swept once all of it is gone
        assertThat(log.sweep()).isEqualTo(1);
        assertThat(log.liveProcessesOf(run)).isEmpty();
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void perDirectoryTwoWorkspacesOfOneDirectoryShareOneLock() throws Exception {
        FileStackLocks locks = new FileStackLocks(dir, Duration.ofMillis(400), line -> { }).perDirectory();
        try (StackLock prod = locks.acquire(StackId.of("net:prod"), "deploy")) {
            CompletableFuture<Throwable> staging = CompletableFuture.supplyAsync(() -> {
                try (StackLock lock = locks.acquire(StackId.of("net:staging"), "deploy")) {
                    return null;
                } catch (Exception e) {
                    return e;
                }
            });
            assertThat(staging.get(10, TimeUnit.SECONDS)).isInstanceOf(StackLockTimeoutException.class)
                    .hasMessageContaining("the deploy of net:prod by pid " + ProcessHandle.current().pid());
            try (StackLock other = locks.acquire(StackId.of("app"), "deploy")) {
                assertThat(other.stack()).isEqualTo(StackId.of("app"));
            }
        }
        try (StackLock staging = locks.acquire(StackId.of("net:staging"), "deploy")) {
            assertThat(staging.stack()).isEqualTo(StackId.of("net:staging"));
        }
    }

    private Process startHolder(final StackId id, final long timeoutMillis) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                LockHolderMain.class.getName(), dir.toString(), id.value(), String.valueOf(timeoutMillis))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        children.add(process);
        return process;
    }

    private static BufferedReader reader(final Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    private static void release(final Process process) throws IOException {
        Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        in.write("release" + System.lineSeparator());
        in.flush();
    }

    private static void awaitTrue(final BooleanSupplier condition) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > until) {
                throw new AssertionError("condition not met within 20s");
            }
            Thread.sleep(10);
        }
    }

}
