package io.stackdrift.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileLockInterruptionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.local.FileStackLocks;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.ownership.IgnorePath;
import io.stackdrift.ownership.OverrideFile;
import io.stackdrift.ownership.ResourceScanner;
import io.stackdrift.record.RunIds;
import io.stackdrift.spi.StackLock;
import io.stackdrift.spi.StackLockTimeoutException;

/**
 * Random interleavings of two runs on one checkout, built from the pieces a run uses the way the engine uses
 * them: a run number ({@link RunIds}), leftover removal at start, the per-directory deploy lock, and the override
 * file around a plan and an apply. A run is stopped (interrupted) at a random moment, and a new run starts in its
 * place. Whatever the interleaving: no override file vanishes or changes under the run that owns it, no two
 * applies of one directory overlap, and no two runs share a run number. (The stops here are interrupts; kill -9
 * of a whole process is covered by OverrideFileTest and FileStackLocksTest with child processes.)
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TwoRunsPropertiesTest {
    private static final List<StackId> STACKS = List.of(StackId.of("net"), StackId.of("net:prod"), StackId.of("app"));

    @TempDir
    Path checkout;

    @Test
    void twoRunsInterleavedAtRandomNeverBreakEachOther() throws Exception {
        Files.createDirectories(checkout.resolve("net"));
        Files.createDirectories(checkout.resolve("app"));
        Files.writeString(checkout.resolve("net/main.tf"), "resource \"aws_instance\" \"web\" {\n  ami = \"a\"\n}\n");
        Files.writeString(checkout.resolve("app/main.tf"), "resource \"aws_instance\" \"api\" {\n  ami = \"a\"\n}\n");
        Path record = checkout.resolve(".stackdrift");
        List<String> violations = Collections.synchronizedList(new ArrayList<>());
        Set<Long> runIds = ConcurrentHashMap.newKeySet();
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger applies = new AtomicInteger();
        Map<String, AtomicInteger> applying = new ConcurrentHashMap<>();
        FileStackLocks locks = new FileStackLocks(record.resolve("locks"), Duration.ofSeconds(30), line -> { }).perDirectory();

        for (int seed = 0; seed < 25; seed++) {
            Random random = new Random(seed);
            List<Thread> threads = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                long runSeed = random.nextLong();
                Runnable run = () -> oneRun(new Random(runSeed), record, locks, violations, runIds, runs, applies, applying);
                Thread first = new Thread(run, "run-" + seed + "-" + r);
                threads.add(first);
                first.start();
                if (random.nextInt(3) == 0) {
                    // stop it at a random moment; a new run takes its place
                    Thread.sleep(random.nextInt(15));
                    first.interrupt();
                    first.join();
                    Thread again = new Thread(run, "run-" + seed + "-" + r + "-again");
                    threads.add(again);
                    again.start();
                }
            }
            for (Thread thread : threads) {
                thread.join();
            }
            assertThat(violations).as("seed " + seed).isEmpty();
        }
        assertThat(runIds).hasSize(runs.get());
        assertThat(applies.get()).as("the runs did apply").isPositive();
        assertThat(checkout.resolve("net").resolve(OverrideFile.FILE_NAME)).doesNotExist();
    }

    @SuppressWarnings("try") // held while the try holds it, never named in the body
    private void oneRun(final Random random, final Path record, final FileStackLocks locks, final List<String> violations,
            final Set<Long> runIds, final AtomicInteger runs, final AtomicInteger applies, final Map<String, AtomicInteger> applying) {
        try {
            long id = RunIds.next(record, 0, warning -> { });
            runs.incrementAndGet();
            if (!runIds.add(id)) {
                violations.add("run number " + id + " handed out twice");
            }
            for (String dir : List.of("net", "app")) {
                OverrideFile.removeLeftovers(checkout.resolve(dir));
            }
            for (int op = 0; op < 4; op++) {
                StackId stack = STACKS.get(random.nextInt(STACKS.size()));
                String dir = stack.value().startsWith("net") ? "net" : "app";
                boolean deploy = random.nextBoolean();
                if (deploy) {
                    try (StackLock lock = locks.acquire(stack, "deploy")) {
                        withOverride(random, dir, violations, () -> apply(random, dir, violations, applies, applying));
                    }
                } else {
                    withOverride(random, dir, violations, () -> Thread.sleep(random.nextInt(3)));
                }
            }
        } catch (InterruptedException | FileLockInterruptionException | ClosedByInterruptException e) {
            // stopped (an interrupt also ends a wait for a file lock, or a write): try-with-resources let go of what the run held
        } catch (StackLockTimeoutException e) {
            violations.add("a lock was never released: " + e.getMessage());
        } catch (Exception e) {
            violations.add("unexpected " + e);
        }
    }

    @FunctionalInterface
    private interface Work {
        void run() throws InterruptedException;
    }

    /** A plan (and apply) with the override file, as the engine does for a stack with ignore paths (net only). */
    private void withOverride(final Random random, final String dir, final List<String> violations, final Work work) throws Exception {
        if (!dir.equals("net")) {
            work.run();
            return;
        }
        Path stackDir = checkout.resolve(dir);
        try (OverrideFile override = OverrideFile.write(stackDir, List.of(IgnorePath.parse("aws_instance.web.tags").orElseThrow()),
                ResourceScanner.scan(stackDir, Tool.TOFU))) {
            String written = Files.readString(override.path());
            work.run();
            Thread.sleep(random.nextInt(2));
            if (!Files.exists(override.path()) || !Files.readString(override.path()).equals(written)) {
                violations.add("the override file of " + dir + " vanished or changed under the run that owns it");
            }
        } catch (OverrideFile.RefusedException e) {
            // the other run holds the directory: this stack fails closed, nothing is planned or applied
        }
    }

    private static void apply(final Random random, final String dir, final List<String> violations, final AtomicInteger applies,
            final Map<String, AtomicInteger> applying) throws InterruptedException {
        AtomicInteger inDir = applying.computeIfAbsent(dir, d -> new AtomicInteger());
        if (inDir.incrementAndGet() > 1) {
            violations.add("two applies of " + dir + " overlapped");
        }
        try {
            applies.incrementAndGet();
            Thread.sleep(random.nextInt(4));
        } finally {
            inDir.decrementAndGet();
        }
    }
}
