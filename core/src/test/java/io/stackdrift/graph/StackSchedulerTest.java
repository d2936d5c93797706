package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.graph;
import static io.stackdrift.graph.Graphs.id;
import static io.stackdrift.graph.Graphs.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.stackdrift.model.StackId;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StackSchedulerTest {
    private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
    private final ProgressLines progress = new ProgressLines(lines::add);

    @Test
    void aFailureInTheMiddleOfAChainSkipsWhatComesAfterAndLetsIndependentStacksGo() {
        StackGraph g = graph("a", "", "b", "a", "c", "b", "d", "");

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(g,
                id -> id.value().equals("b") ? TaskOutcome.failed("tofu apply exited with 1") : TaskOutcome.succeeded(),
                progress);

        assertThat(state(result, "a")).isEqualTo(StackState.SUCCEEDED);
        assertThat(state(result, "b")).isEqualTo(StackState.FAILED);
        assertThat(result.result(id("b")).orElseThrow().reason()).isEqualTo("tofu apply exited with 1");
        assertThat(result.result(id("c")).orElseThrow()).satisfies(c -> {
            assertThat(c.state()).isEqualTo(StackState.SKIPPED);
            assertThat(c.reason()).isEqualTo("dependency b failed");
            assertThat(c.blocker()).contains(id("b"));
            assertThat(c.started()).isFalse();
        });
        assertThat(state(result, "d")).isEqualTo(StackState.SUCCEEDED);
        assertThat(lines).contains("started b", "skipped c: dependency b failed")
                .anySatisfy(line -> assertThat(line).startsWith("failed b after ").endsWith(": tofu apply exited with 1"));
        assertThat(result.summary()).containsExactly("2 succeeded · 1 failed · 1 skipped",
                "  b: failed — tofu apply exited with 1", "  c: skipped — dependency b failed");
    }

    @Test
    void stacksWithTheSameExclusionKeyNeverRunAtOnceOthersDo() {
        // net and net:prod share a directory; app has its own
        StackGraph g = graph("net", "", "net:prod", "", "net:qa", "", "app", "");
        Map<StackId, AtomicInteger> runningPerKey = new ConcurrentHashMap<>();
        AtomicInteger mostInOneKey = new AtomicInteger();
        AtomicInteger mostAtAll = new AtomicInteger();
        AtomicInteger atAll = new AtomicInteger();
        Function<StackId, StackId> directory = id -> id(id.value().replaceAll(":.*", ""));

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(4)).exclusive(directory).run(g, id -> {
            int inKey = runningPerKey.computeIfAbsent(directory.apply(id), k -> new AtomicInteger()).incrementAndGet();
            mostInOneKey.accumulateAndGet(inKey, Math::max);
            mostAtAll.accumulateAndGet(atAll.incrementAndGet(), Math::max);
            Thread.sleep(150);
            atAll.decrementAndGet();
            runningPerKey.get(directory.apply(id)).decrementAndGet();
            return TaskOutcome.succeeded();
        }, SchedulerListener.NONE);

        assertThat(result.inState(StackState.SUCCEEDED)).hasSize(4);
        assertThat(mostInOneKey).hasValue(1);
        // app is not held back by net's directory
        assertThat(mostAtAll).hasValue(2);
    }

    @Test
    void aWaitForAnotherShardTakesNoSlotAndItsReasonSkipsTheDependents() throws Exception {
        // one slot: "local" runs while the wait for "network" (deployed elsewhere) waits beside it, without a slot
        StackGraph g = graph("network", "", "local", "", "dns", "network,local", "cdn", "dns");
        CountDownLatch localRunning = new CountDownLatch(1);
        CountDownLatch waitStarted = new CountDownLatch(1);

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(1)).withoutSlot(id("network")::equals).run(g, id -> {
            if (id.equals(id("network"))) {
                waitStarted.countDown();
                assertThat(localRunning.await(10, TimeUnit.SECONDS)).isTrue();
                return TaskOutcome.failed("failed in shard 1 of 2");
            }
            if (id.equals(id("local"))) {
                localRunning.countDown();
                assertThat(waitStarted.await(10, TimeUnit.SECONDS)).as("the wait ran beside the only slot's stack").isTrue();
            }
            return TaskOutcome.succeeded();
        }, SchedulerListener.NONE);

        assertThat(state(result, "local")).isEqualTo(StackState.SUCCEEDED);
        assertThat(result.result(id("dns")).orElseThrow().reason()).isEqualTo("dependency network failed in shard 1 of 2");
        assertThat(result.result(id("cdn")).orElseThrow().reason()).isEqualTo("dependency network failed in shard 1 of 2");
    }

    @Test
    void skippedStacksNameTheStackThatActuallyFailed() {
        StackGraph g = graph("a", "", "b", "a", "c", "b");

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(4)).run(g,
                id -> id.value().equals("a") ? TaskOutcome.failed("boom") : TaskOutcome.succeeded(), SchedulerListener.NONE);

        assertThat(result.result(id("c")).orElseThrow().reason()).isEqualTo("dependency a failed");
        assertThat(result.startOrder()).containsExactly(id("a"));
    }

    @Test
    void aDiamondRunsBothSidesAtOnceAndTheBottomAfterBoth() throws Exception {
        StackGraph g = graph("top", "", "left", "top", "right", "top", "bottom", "left,right");
        CountDownLatch bothSides = new CountDownLatch(2);

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(g, id -> {
            if (id.value().equals("left") || id.value().equals("right")) {
                bothSides.countDown();
                // only returns success when the other side runs at the same time
                return bothSides.await(10, TimeUnit.SECONDS) ? TaskOutcome.succeeded() : TaskOutcome.failed("ran alone");
            }
            return TaskOutcome.succeeded();
        }, SchedulerListener.NONE);

        assertThat(result.inState(StackState.SUCCEEDED)).hasSize(4);
        assertThat(result.startOrder().get(0)).isEqualTo(id("top"));
        assertThat(result.startOrder().get(3)).isEqualTo(id("bottom"));
        assertThat(result.endOrder().get(3)).isEqualTo(id("bottom"));
    }

    @Test
    void aStackStartsAsSoonAsItsOwnDependenciesAreDoneNotLayerByLayer() {
        // slow has no dependents; fast -> next. Layer by layer, next would wait for slow to finish.
        StackGraph g = graph("slow", "", "fast", "", "next", "fast");
        CountDownLatch nextStarted = new CountDownLatch(1);

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(3)).run(g, id -> {
            switch (id.value()) {
                case "slow":
                    return nextStarted.await(10, TimeUnit.SECONDS) ? TaskOutcome.succeeded() : TaskOutcome.failed("next waited");
                case "next":
                    nextStarted.countDown();
                    return TaskOutcome.succeeded();
                default:
                    return TaskOutcome.succeeded();
            }
        }, SchedulerListener.NONE);

        // slow succeeds only if next started while slow was still running
        assertThat(result.inState(StackState.SUCCEEDED)).hasSize(3);
    }

    @Test
    void theReadyStackWithTheLongestChainBehindItGoesFirst() {
        // by id, "a" would go first; but z1 has two stacks waiting behind it (then z3 and a tie: by id)
        StackGraph g = graph("a", "", "z1", "", "z2", "z1", "z3", "z2");

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(1)).run(g, id -> TaskOutcome.succeeded(),
                SchedulerListener.NONE);

        assertThat(result.startOrder()).containsExactlyElementsOf(ids("z1", "z2", "a", "z3"));
    }

    @Test
    void estimatedDurationsWeighTheChains() {
        // two chains of two; the one with the long estimate goes first, though its ids sort last
        StackGraph g = graph("a1", "", "a2", "a1", "b1", "", "b2", "b1");
        PriorityWeights weights = PriorityWeights.estimates(Map.of(id("b2"), Duration.ofMinutes(10),
                id("a1"), Duration.ofSeconds(5), id("a2"), Duration.ofSeconds(5),
                id("b1"), Duration.ofSeconds(5)));

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(1).withPriority(weights)).run(g,
                id -> TaskOutcome.succeeded(), SchedulerListener.NONE);

        assertThat(result.startOrder().get(0)).isEqualTo(id("b1"));
    }

    @Test
    void aDestroyGoesInReverseDependencyOrder() {
        StackGraph g = graph("dns", "", "network", "dns", "app", "network");

        ScheduleResult result = new StackScheduler(ScheduleOptions.destroy(4)).run(g, id -> TaskOutcome.succeeded(),
                SchedulerListener.NONE);

        assertThat(result.startOrder()).containsExactlyElementsOf(ids("app", "network", "dns"));
    }

    @Test
    void aFailedDestroyKeepsWhatItDependsOn() {
        StackGraph g = graph("dns", "", "network", "dns", "app", "network");

        ScheduleResult result = new StackScheduler(ScheduleOptions.destroy(4)).run(g,
                id -> id.value().equals("app") ? TaskOutcome.failed("destroy failed") : TaskOutcome.succeeded(),
                SchedulerListener.NONE);

        assertThat(result.result(id("network")).orElseThrow().reason()).isEqualTo("dependent app failed");
        assertThat(result.result(id("dns")).orElseThrow().reason()).isEqualTo("dependent app failed");
    }

    @Test
    void awaitingApprovalHoldsDependentsAndATaskSkipLetsThemGo() {
        StackGraph g = graph("gate", "", "after-gate", "gate", "once", "", "after-once", "once", "quiet", "");

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(g, id -> switch (id.value()) {
            case "gate" -> TaskOutcome.awaitingApproval("drift found; mode approve");
            case "once" -> TaskOutcome.skipped("policy once: already deployed");
            case "quiet" -> TaskOutcome.nothingToDo();
            default -> TaskOutcome.succeeded();
        }, progress);

        assertThat(state(result, "gate")).isEqualTo(StackState.AWAITING_APPROVAL);
        assertThat(result.result(id("after-gate")).orElseThrow().reason()).isEqualTo("dependency gate awaits approval");
        assertThat(state(result, "once")).isEqualTo(StackState.SKIPPED);
        assertThat(state(result, "after-once")).isEqualTo(StackState.SUCCEEDED);
        assertThat(state(result, "quiet")).isEqualTo(StackState.NOTHING_TO_DO);
        assertThat(result.allWent()).isFalse();
        assertThat(lines).contains("gate awaits approval: drift found; mode approve")
                .anySatisfy(line -> assertThat(line).startsWith("finished quiet in ").endsWith(": nothing to deploy"));
    }

    @Test
    void aTaskThatThrowsIsAFailedStackAndTheRunGoesOn() {
        StackGraph g = graph("bad", "", "after", "bad", "other", "");
        AtomicReference<Throwable> heard = new AtomicReference<>();

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(g, id -> {
            if (id.value().equals("bad")) {
                throw new IllegalStateException("bug");
            }
            return TaskOutcome.succeeded();
        }, new SchedulerListener() {
            @Override
            public void taskThrew(final StackId id, final Throwable problem) {
                heard.set(problem);
            }
        });

        assertThat(result.result(id("bad")).orElseThrow().reason()).isEqualTo("unexpected IllegalStateException in the stack task");
        assertThat(result.result(id("after")).orElseThrow().reason()).isEqualTo("dependency bad failed");
        assertThat(state(result, "other")).isEqualTo(StackState.SUCCEEDED);
        assertThat(heard.get()).hasMessage("bug");
    }

    @Test
    void runsOnACallerSuppliedExecutor() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<String> threads = Collections.synchronizedList(new ArrayList<>());
            ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2), pool).run(graph("a", "", "b", "a"), id -> {
                threads.add(Thread.currentThread().getName());
                return TaskOutcome.succeeded();
            }, SchedulerListener.NONE);

            assertThat(result.allWent()).isTrue();
            assertThat(threads).allSatisfy(name -> assertThat(name).startsWith("pool-"));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aStopAskedBeforeTheRunStartsRunsNoStack() {
        StopSignal stop = new StopSignal();
        stop.stop(StopMode.LET_RUNNING_FINISH);
        List<StackId> ran = Collections.synchronizedList(new ArrayList<>());

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(graph("a", "", "b", "a"), id -> {
            ran.add(id);
            return TaskOutcome.succeeded();
        }, progress, stop);

        assertThat(ran).isEmpty();
        assertThat(result.interrupted()).isTrue();
        assertThat(result.results()).extracting(StackResult::reason).containsOnly("run interrupted");
    }

    @Test
    void stoppingLetsRunningStacksFinishAndSkipsTheRest() throws Exception {
        StackGraph g = graph("a", "", "b", "a", "c", "");
        CountDownLatch bothRunning = new CountDownLatch(2);
        CountDownLatch finish = new CountDownLatch(1);
        StopSignal stop = new StopSignal();
        Thread stopper = new Thread(() -> {
            try {
                bothRunning.await();
                stop.stop(StopMode.LET_RUNNING_FINISH);
                finish.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopper.start();

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(g, id -> {
            bothRunning.countDown();
            finish.await();
            return TaskOutcome.succeeded();
        }, progress, stop);
        stopper.join();

        assertThat(result.interrupted()).isTrue();
        assertThat(state(result, "a")).isEqualTo(StackState.SUCCEEDED);
        assertThat(state(result, "c")).isEqualTo(StackState.SUCCEEDED);
        assertThat(result.result(id("b")).orElseThrow().reason()).isEqualTo("run interrupted");
        assertThat(result.results()).hasSize(3);
        assertThat(lines).contains("stopping: no more stacks start; running ones may finish", "skipped b: run interrupted");
    }

    @Test
    void stoppingWithKillInterruptsRunningStacks() throws Exception {
        StackGraph g = graph("a", "", "b", "a", "c", "");
        CountDownLatch bothRunning = new CountDownLatch(2);
        StopSignal stop = new StopSignal();
        Thread stopper = new Thread(() -> {
            try {
                bothRunning.await();
                stop.stop(StopMode.KILL_RUNNING);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopper.start();

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(g, id -> {
            bothRunning.countDown();
            new CountDownLatch(1).await(); // waits until killed
            return TaskOutcome.succeeded();
        }, progress, stop);
        stopper.join();

        assertThat(result.result(id("a")).orElseThrow()).satisfies(a -> {
            assertThat(a.state()).isEqualTo(StackState.INTERRUPTED);
            assertThat(a.reason()).isEqualTo("interrupted while running");
        });
        assertThat(state(result, "c")).isEqualTo(StackState.INTERRUPTED);
        assertThat(result.result(id("b")).orElseThrow().reason()).isEqualTo("run interrupted");
        assertThat(result.summary().get(0)).isEqualTo("0 succeeded · 0 failed · 1 skipped · 2 interrupted (run interrupted)");
    }

    @Test
    void aStopBeforeTheRunStartsNothing() {
        StopSignal stop = new StopSignal();
        stop.stop(StopMode.LET_RUNNING_FINISH);

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(graph("a", "", "b", ""),
                id -> TaskOutcome.succeeded(), SchedulerListener.NONE, stop);

        assertThat(result.startOrder()).isEmpty();
        assertThat(result.inState(StackState.SKIPPED)).hasSize(2);
    }

    @Test
    void interruptingTheCallingThreadStopsTheRunAndKeepsTheInterruptFlag() throws Exception {
        StackGraph g = graph("a", "", "b", "a");
        CountDownLatch running = new CountDownLatch(1);
        AtomicReference<ScheduleResult> result = new AtomicReference<>();
        AtomicReference<Boolean> flagAfter = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            result.set(new StackScheduler(ScheduleOptions.deploy(1)).run(g, id -> {
                running.countDown();
                new CountDownLatch(1).await();
                return TaskOutcome.succeeded();
            }, SchedulerListener.NONE));
            flagAfter.set(Thread.currentThread().isInterrupted());
        });
        caller.start();
        running.await();
        caller.interrupt();
        caller.join(10_000);

        assertThat(state(result.get(), "a")).isEqualTo(StackState.INTERRUPTED);
        assertThat(result.get().result(id("b")).orElseThrow().reason()).isEqualTo("run interrupted");
        assertThat(flagAfter.get()).isTrue();
    }

    @Test
    void aKilledTaskThatHadAlreadySucceededIsRecordedAsSucceeded() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        StopSignal stop = new StopSignal();
        Thread stopper = new Thread(() -> {
            try {
                running.await();
                stop.stop(StopMode.KILL_RUNNING);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stopper.start();

        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(1)).run(graph("a", ""), id -> {
            running.countDown();
            // ignores the interrupt (e.g. the apply already went through) and reports what really happened
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200);
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            return TaskOutcome.succeeded();
        }, SchedulerListener.NONE, stop);
        stopper.join();

        assertThat(state(result, "a")).isEqualTo(StackState.SUCCEEDED);
    }

    @Test
    void aListenerThatThrowsDoesNotBreakTheRun() {
        ScheduleResult result = new StackScheduler(ScheduleOptions.deploy(2)).run(graph("a", "", "b", "a"),
                id -> TaskOutcome.succeeded(), new SchedulerListener() {
                    @Override
                    public void started(final StackId id) {
                        throw new IllegalStateException("printer broke");
                    }
                });

        assertThat(result.allWent()).isTrue();
        assertThat(result.startOrder()).containsExactlyElementsOf(ids("a", "b"));
    }

    private static StackState state(final ScheduleResult result, final String id) {
        return result.result(id(id)).orElseThrow().state();
    }
}
