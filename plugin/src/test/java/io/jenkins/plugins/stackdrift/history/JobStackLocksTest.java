package io.jenkins.plugins.stackdrift.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import hudson.AbortException;
import org.junit.jupiter.api.Test;

class JobStackLocksTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(console, true, StandardCharsets.UTF_8);

    private CompletableFuture<JobStackLocks.Held> acquireLater(final String scope, final List<String> stacks, final String holder,
            final Duration timeout, final PrintStream out) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return JobStackLocks.acquireAll(scope, stacks, holder, timeout, out);
            } catch (InterruptedException | AbortException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aSecondDeployOfAStackInTheScopeWaitsUntilTheFirstLetsGoAndSaysForWhom() throws Exception {
        // two branch jobs of one multibranch project share its scope
        JobStackLocks.Held main = JobStackLocks.acquireAll("org/app", List.of("network", "dns"), "the deploy of app » main #1", log);
        CompletableFuture<JobStackLocks.Held> pr = acquireLater("org/app", List.of("dns"), "the deploy of app » PR-1 #2",
                Duration.ZERO, log);
        assertThatThrownBy(() -> pr.get(300, TimeUnit.MILLISECONDS)).isInstanceOf(TimeoutException.class);
        assertThat(console.toString(StandardCharsets.UTF_8)).contains("waiting for stack dns: the deploy of app » main #1 holds it"
                + " (lock scope 'org/app'); no time limit");
        main.close();
        try (JobStackLocks.Held held = pr.get(10, TimeUnit.SECONDS)) {
            assertThat(held.stacks()).containsExactly("dns");
        }
    }

    @Test
    void otherScopesAndOtherStacksDoNotWait() throws Exception {
        try (JobStackLocks.Held a = JobStackLocks.acquireAll("scope-b", List.of("network"), "x", log);
                JobStackLocks.Held b = JobStackLocks.acquireAll("scope-c", List.of("network"), "y", log);
                JobStackLocks.Held c = JobStackLocks.acquireAll("scope-b", List.of("dns"), "z", log)) {
            assertThat(a.stacks()).containsExactly("network");
            assertThat(b.stacks()).containsExactly("network");
            assertThat(c.stacks()).containsExactly("dns");
        }
        assertThat(console.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    @SuppressWarnings("try") // the locks are held while the try holds them, never named in its body
    void aDeployGivesUpAfterItsTimeoutNamingTheStackAndItsHolderAndHoldsNothing() throws Exception {
        try (JobStackLocks.Held held = JobStackLocks.acquireAll("scope-t", List.of("dns"), "the deploy of app » main #7 (job/app/7/)",
                log)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> JobStackLocks.acquireAll("scope-t", List.of("network", "dns"), "the deploy of app » PR-2 #3",
                    Duration.ofSeconds(1), log))
                    .isInstanceOf(AbortException.class)
                    .hasMessage("Stack Drift: gave up waiting for stack dns after 1s: the deploy of app » main #7 (job/app/7/) still"
                            + " holds it (lock scope 'scope-t'); nothing was deployed");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
            assertThat(console.toString(StandardCharsets.UTF_8)).contains("giving up after 1s");
            // all or nothing: the free stack was not taken while it waited
            try (JobStackLocks.Held network = JobStackLocks.acquireFree("scope-t", List.of("network"), "check")) {
                assertThat(network.stacks()).containsExactly("network");
            }
        }
    }

    @Test
    void aWaiterWhoseLogIsSlowHoldsUpNoOtherBuild() throws Exception {
        CountDownLatch printing = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        PrintStream slow = new PrintStream(new OutputStream() {
            @Override
            public void write(final int b) {
                printing.countDown();
                try {
                    letGo.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, true, StandardCharsets.UTF_8);
        JobStackLocks.Held first = JobStackLocks.acquireAll("scope-s", List.of("network"), "the deploy of #1", log);
        CompletableFuture<JobStackLocks.Held> waiter = acquireLater("scope-s", List.of("network"), "the deploy of #2", Duration.ZERO,
                slow);
        assertThat(printing.await(10, TimeUnit.SECONDS)).isTrue();
        // the waiter is stuck in its log: every other build still takes and lets go of locks
        CompletableFuture<Void> others = CompletableFuture.runAsync(() -> {
            JobStackLocks.acquireFree("scope-other", List.of("dns"), "x").close();
            first.close();
        });
        others.get(5, TimeUnit.SECONDS);
        letGo.countDown();
        // and the release it did not see while printing is not lost
        try (JobStackLocks.Held second = waiter.get(10, TimeUnit.SECONDS)) {
            assertThat(second.stacks()).containsExactly("network");
        }
    }

    @Test
    @SuppressWarnings("try") // the locks are held while the try holds them, never named in its body
    void takingOnlyTheFreeStacksNeverWaitsAndNamesTheHolders() {
        try (JobStackLocks.Held deploy = JobStackLocks.acquireFree("scope-d", List.of("network"), "the deploy of build #4");
                JobStackLocks.Held check = JobStackLocks.acquireFree("scope-d", List.of("network", "dns"), "the drift check of build #5")) {
            assertThat(check.stacks()).containsExactly("dns");
            assertThat(check.busy()).containsExactly(Map.entry("network", "the deploy of build #4"));
        }
        try (JobStackLocks.Held after = JobStackLocks.acquireFree("scope-d", List.of("network", "dns"), "later")) {
            assertThat(after.busy()).isEmpty();
        }
    }

    @Test
    void theHeldLocksAreListedWithHolderAndAgeAndAnAdministratorsReleaseLetsAWaiterGo() throws Exception {
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        long before = System.currentTimeMillis();
        JobStackLocks.Held first = JobStackLocks.acquireAll("admin/page", List.of("net", "dns"), "the deploy of #1", quiet);
        assertThat(JobStackLocks.held()).filteredOn(l -> l.scope().equals("admin/page"))
                .extracting(JobStackLocks.HeldLock::stack, JobStackLocks.HeldLock::holder)
                .containsExactly(tuple("dns", "the deploy of #1"),
                        tuple("net", "the deploy of #1"));
        assertThat(JobStackLocks.held()).filteredOn(l -> l.scope().equals("admin/page"))
                .allSatisfy(l -> assertThat(l.since()).isBetween(before, System.currentTimeMillis()));

        CompletableFuture<JobStackLocks.Held> waiter = CompletableFuture.supplyAsync(() -> {
            try {
                return JobStackLocks.acquireAll("admin/page", List.of("net"), "the deploy of #2", quiet);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Thread.sleep(200);
        assertThat(waiter).isNotDone();
        assertThat(JobStackLocks.forceRelease("admin/page", "net")).isTrue();
        JobStackLocks.Held second = waiter.get(10, TimeUnit.SECONDS);

        // the first holder lets go later: the lock the second one took stays its own
        first.close();
        assertThat(JobStackLocks.held()).filteredOn(l -> l.scope().equals("admin/page"))
                .extracting(JobStackLocks.HeldLock::stack, JobStackLocks.HeldLock::holder)
                .containsExactly(tuple("net", "the deploy of #2"));
        second.close();
        assertThat(JobStackLocks.held()).noneMatch(l -> l.scope().equals("admin/page"));
        assertThat(JobStackLocks.forceRelease("admin/page", "net")).isFalse();
    }

    @Test
    void everyChangeOfTheTableIsSavedWithTheHoldersBuild() throws Exception {
        List<List<JobStackLocks.SavedLock>> saves = new CopyOnWriteArrayList<>();
        JobStackLocks.restore(saves::add, List.of(), build -> true);
        try {
            try (JobStackLocks.Held held = JobStackLocks.acquireAll("saved/app", List.of("net", "dns"),
                    new LockOwner("the deploy of app #5", "app#5", "deploy"), Duration.ZERO, quiet(), () -> { })) {
                assertThat(held.stacks()).containsExactlyInAnyOrder("dns", "net");
                assertThat(saves.get(saves.size() - 1)).filteredOn(lock -> lock.scope().equals("saved/app"))
                        .extracting(JobStackLocks.SavedLock::stack, JobStackLocks.SavedLock::holder, JobStackLocks.SavedLock::build,
                                JobStackLocks.SavedLock::step)
                        .containsExactly(tuple("dns", "the deploy of app #5", "app#5", "deploy"),
                                tuple("net", "the deploy of app #5", "app#5", "deploy"));
            }
            assertThat(saves.get(saves.size() - 1)).noneMatch(lock -> lock.scope().equals("saved/app"));
            JobStackLocks.acquireFree("saved/app", List.of("db"), new LockOwner("the check of app #6", "app#6", "check")).close();
            assertThat(saves).anyMatch(table -> table.stream().anyMatch(lock -> lock.stack().equals("db")));
        } finally {
            JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(), build -> true);
        }
    }

    @Test
    void aLockSavedBeforeARestartIsHeldInItsBuildsNameUntilThatBuildNoLongerRuns() throws Exception {
        Set<String> running = ConcurrentHashMap.newKeySet();
        running.add("app#3");
        JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(new JobStackLocks.SavedLock("restored/app", "net",
                "the deploy (id deploy) of app #3", 1_000, "app#3", "deploy")), running::contains);
        try {
            try (JobStackLocks.Held check = JobStackLocks.acquireFree("restored/app", List.of("net"),
                    new LockOwner("the check of app #4", "app#4", "check"))) {
                assertThat(check.stacks()).isEmpty();
                assertThat(check.busy()).containsEntry("net", "the deploy (id deploy) of app #3, held since before the controller "
                        + "restarted");
            }
            assertThat(JobStackLocks.held()).anyMatch(lock -> lock.scope().equals("restored/app") && lock.since() == 1_000);

            // the build went on after the restart without the step (it failed on resume) and ended: the lock goes with it
            running.remove("app#3");
            assertThat(JobStackLocks.held()).noneMatch(lock -> lock.scope().equals("restored/app"));
            try (JobStackLocks.Held deploy = JobStackLocks.acquireAll("restored/app", List.of("net"),
                    new LockOwner("the deploy of app #5", "app#5", "deploy"), Duration.ofSeconds(5), quiet(), () -> { })) {
                assertThat(deploy.stacks()).containsExactly("net");
            }
        } finally {
            JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(), build -> true);
        }
    }

    @Test
    void theStepThatHeldALockBeforeARestartTakesItBackAndLetsGoOfItWhenItEnds() throws Exception {
        List<List<JobStackLocks.SavedLock>> saves = new CopyOnWriteArrayList<>();
        // app#7 runs on after the restart: its restored locks would be held until it ends
        JobStackLocks.restore(saves::add, List.of(
                new JobStackLocks.SavedLock("back/app", "net", "the deploy (id deploy) of app #7", 1_000, "app#7", "deploy"),
                new JobStackLocks.SavedLock("back/app", "dns", "the deploy (id deploy) of app #7", 1_000, "app#7", "deploy"),
                new JobStackLocks.SavedLock("back/app", "db", "the deploy (id db) of app #7", 1_000, "app#7", "db"),
                new JobStackLocks.SavedLock("back/app", "old", "a holder saved before steps were", 1_000, "app#7", null),
                new JobStackLocks.SavedLock("back/other", "net", "the deploy (id deploy) of app #7", 1_000, "app#7", "deploy")),
                build -> true);
        try {
            try (JobStackLocks.Held mine = JobStackLocks.reclaim("back/app", "app#7", "deploy")) {
                assertThat(mine.stacks()).containsExactlyInAnyOrder("dns", "net");
                assertThat(JobStackLocks.held()).filteredOn(lock -> lock.stack().equals("net") && lock.scope().equals("back/app"))
                        .extracting(JobStackLocks.HeldLock::holder).containsExactly("the deploy (id deploy) of app #7");
                assertThat(JobStackLocks.reclaim("back/app", "app#8", "deploy").stacks()).isEmpty();
            }
            // let go when the step ends, though its build still runs; the other step's, the unnamed and the other scope's stay
            assertThat(JobStackLocks.held()).filteredOn(lock -> lock.scope().startsWith("back/"))
                    .extracting(JobStackLocks.HeldLock::scope, JobStackLocks.HeldLock::stack)
                    .containsExactly(tuple("back/app", "db"), tuple("back/app", "old"), tuple("back/other", "net"));
            assertThat(saves.get(saves.size() - 1)).filteredOn(lock -> lock.scope().equals("back/app"))
                    .extracting(JobStackLocks.SavedLock::stack, JobStackLocks.SavedLock::step)
                    .containsExactly(tuple("db", "db"), tuple("old", ""));
            try (JobStackLocks.Held next = JobStackLocks.acquireAll("back/app", List.of("net", "dns"), "the next deploy",
                    Duration.ofSeconds(5), quiet())) {
                assertThat(next.stacks()).containsExactlyInAnyOrder("dns", "net");
            }
        } finally {
            JobStackLocks.restore(JobStackLocks.Store.NONE, List.of(), build -> true);
            JobStackLocks.forceRelease("back/app", "db");
            JobStackLocks.forceRelease("back/app", "old");
            JobStackLocks.forceRelease("back/other", "net");
        }
    }

    @Test
    void aWaitRunsItsHookEachTimeItWakesAndAHookThatThrowsTakesNothing() throws Exception {
        AtomicInteger looks = new AtomicInteger();
        RuntimeException gone = new IllegalStateException("the controller shut down");
        JobStackLocks.Held first = JobStackLocks.acquireAll("hook/app", List.of("net"), "the first", quiet());
        // the first look finds net held; the release wakes the wait, whose second look is refused before it takes anything
        CompletableFuture<Void> release = CompletableFuture.runAsync(() -> {
            await(() -> looks.get() == 1);
            first.close();
        });
        assertThatThrownBy(() -> JobStackLocks.acquireAll("hook/app", List.of("net"), LockOwner.named("the second"),
                Duration.ofSeconds(30), quiet(), () -> {
                    if (looks.incrementAndGet() == 2) {
                        throw gone;
                    }
                })).isSameAs(gone);
        release.get(30, TimeUnit.SECONDS);
        assertThat(looks).hasValue(2);
        assertThat(JobStackLocks.held()).noneMatch(lock -> lock.scope().equals("hook/app"));
    }

    private static void await(final BooleanSupplier condition) {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (!condition.getAsBoolean() && System.nanoTime() < until) {
                Thread.sleep(10);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
    }
}
