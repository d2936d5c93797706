package io.stackdrift.graph;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.StackId;

/**
 * Runs a {@link StackTask} for every stack of a graph (docs/concepts.md, "Deploy order"):
 * <ul>
 * <li>a stack starts as soon as every stack it depends on has let it go (succeeded, had nothing to do, or
 * was skipped by its own task) — not layer by layer;</li>
 * <li>at most {@code parallelism} tasks run at once, and never two with the same {@link #exclusive} key; among ready stacks the one with
 * the longest chain of
 * dependents behind it starts first, ties by id ({@link CriticalPath});</li>
 * <li>a stack that fails (or awaits approval, or is interrupted) skips every transitive dependent with
 * "dependency X failed", X being the stack that actually failed; independent stacks go on;</li>
 * <li>a destroy runs the reversed graph: dependents first;</li>
 * <li>a stop (a {@link StopSignal}, or an interrupt of the calling thread) starts nothing more: stacks not
 * started are skipped with "run interrupted", running ones finish or are killed per {@link StopMode} (a
 * stack handed to the executor but killed before a thread took it up is skipped: "run interrupted before
 * its task began"), and the run returns only after every started task has returned. A second interrupt of the calling thread
 * turns "let running finish" into "kill".</li>
 * </ul>
 * Every stack ends in exactly one {@link StackState}. The scheduler never times a task out: per-stack
 * timeouts belong to the task. Which stack starts next is decided by {@link ScheduleState}, the same class
 * the benchmark simulates.
 */
public final class StackScheduler {
    private static final AtomicInteger POOL_NUMBER = new AtomicInteger();

    private final ScheduleOptions options;
    private final Executor executor;
    /** Stacks with the same key never run at the same time (one key per stack unless {@link #exclusive} says so). */
    private final Function<StackId, ?> exclusion;
    /** Stacks whose task only waits for something outside the run: they take no slot ({@link #withoutSlot}). */
    private final Predicate<StackId> slotless;

    /** Runs tasks on a pool of {@code parallelism} threads created for each run. */
    public StackScheduler(final ScheduleOptions options) {
        this(options, null, id -> id, id -> false);
    }

    /**
     * Runs tasks on {@code executor}, which must be able to run {@code parallelism} tasks at once for the
     * limit to be reached (the scheduler never hands it more than that).
     */
    public StackScheduler(final ScheduleOptions options, final Executor executor) {
        this(options, Objects.requireNonNull(executor, "executor"), id -> id, id -> false);
    }

    private StackScheduler(final ScheduleOptions options, final Executor executor, final Function<StackId, ?> exclusion,
            final Predicate<StackId> slotless) {
        this.options = Objects.requireNonNull(options, "options");
        this.executor = executor;
        this.exclusion = Objects.requireNonNull(exclusion, "exclusion");
        this.slotless = Objects.requireNonNull(slotless, "slotless");
    }

    /**
     * This scheduler, with stacks whose {@code key} is equal never running at the same time (e.g. the stack
     * directory: Terraform's {@code .terraform} of one directory is shared by its workspaces). A ready stack whose
     * key is busy waits; the next ready one with a free key starts instead.
     */
    public StackScheduler exclusive(final Function<StackId, ?> key) {
        return new StackScheduler(options, executor, key, slotless);
    }

    /**
     * This scheduler, with the stacks {@code waits} picks taking no slot of the parallelism: their tasks only wait for
     * something done elsewhere (a stack another shard deploys). One that does not let its dependents go skips them
     * with "dependency X " and its own reason. The pool must then have room for them: a run makes its own pool large
     * enough; an executor passed in must grow.
     */
    public StackScheduler withoutSlot(final Predicate<StackId> waits) {
        return new StackScheduler(options, executor, exclusion, waits);
    }

    public ScheduleResult run(final StackGraph graph, final StackTask task, final SchedulerListener listener) {
        return run(graph, task, listener, new StopSignal());
    }

    /**
     * Runs every stack of {@code graph}; returns when every stack has ended. If the calling thread is
     * interrupted the run stops per {@link ScheduleOptions#onInterrupt()} and the thread's interrupt flag is
     * set again on return.
     */
    public ScheduleResult run(final StackGraph graph, final StackTask task, final SchedulerListener listener,
            final StopSignal stop) {
        long waits = graph.stacks().stream().filter(slotless).count();
        ExecutorService ownPool = executor == null
                ? Executors.newFixedThreadPool(options.parallelism() + (int) waits, threads()) : null;
        Run run = new Run(options.kind() == DeployKind.DESTROY ? graph.reversed() : graph,
                task, listener, ownPool == null ? executor : ownPool, stop);
        Consumer<StopMode> onStop = mode -> run.events.add(new StopRequest(mode));
        stop.subscribe(onStop);
        stop.requested().ifPresent(onStop);
        try {
            return run.toTheEnd();
        } finally {
            stop.unsubscribe(onStop);
            if (ownPool != null) {
                ownPool.shutdownNow();
            }
        }
    }

    private static ThreadFactory threads() {
        int pool = POOL_NUMBER.incrementAndGet();
        AtomicInteger thread = new AtomicInteger();
        return runnable -> {
            Thread t = new Thread(runnable, "stackdrift-scheduler-" + pool + "-" + thread.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private sealed interface Event permits Ended, StopRequest {
    }

    /**
     * A task returned: with an outcome, an interrupt, or a throwable (exactly one of them); or, killed before
     * an executor thread took it up, never ran ({@code outcome} null, {@code interrupted} true, {@code nanos} -1).
     */
    private record Ended(StackId id, TaskOutcome outcome, boolean interrupted, Throwable problem, long nanos)
            implements Event {
        boolean neverRan() {
            return nanos < 0;
        }
    }

    private record StopRequest(StopMode mode) implements Event {
    }

    /** One run's coordinator; everything except {@link Worker#run()} happens on the calling thread. */
    private final class Run {
        private final StackTask task;
        private final SchedulerListener listener;
        private final Executor pool;
        private final StopSignal signal;
        private final ScheduleState state;
        private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
        private final Map<StackId, Worker> running = new HashMap<>();
        private final Map<StackId, Integer> startIndex = new HashMap<>();
        private final List<StackResult> results = new ArrayList<>();
        private StopMode stopping;
        private boolean callerInterrupted;

        Run(final StackGraph graph, final StackTask task, final SchedulerListener listener, final Executor pool,
                final StopSignal signal) {
            this.signal = signal;
            this.task = Objects.requireNonNull(task, "task");
            this.listener = new SturdyListener(Objects.requireNonNull(listener, "listener"));
            this.pool = pool;
            this.state = new ScheduleState(graph, options.priority().criticalPath(graph), exclusion, slotless);
        }

        ScheduleResult toTheEnd() {
            try {
                while (!state.isComplete()) {
                    // what already happened (a stop, tasks that ended) counts before anything new starts
                    for (Event pending = events.poll(); pending != null; pending = events.poll()) {
                        handle(pending);
                    }
                    while (stopping == null && state.hasReady(slotFree())) {
                        // a stop requested a moment ago counts even while its event is still on the way
                        signal.requested().ifPresentOrElse(this::stop, () -> start(state.startNext(slotFree())));
                    }
                    if (state.isComplete()) {
                        break;
                    }
                    if (state.active() == 0) {
                        throw new IllegalStateException("nothing runs and nothing is ready, yet stacks are left");
                    }
                    handle(nextEvent());
                }
                return new ScheduleResult(results, stopping != null);
            } finally {
                if (callerInterrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        private boolean slotFree() {
            return state.running() < options.parallelism();
        }

        private Event nextEvent() {
            try {
                return events.take();
            } catch (InterruptedException e) {
                // A second interrupt while already letting running stacks finish means "now kill them".
                StopMode mode = callerInterrupted || stopping != null ? StopMode.KILL_RUNNING : options.onInterrupt();
                callerInterrupted = true;
                return new StopRequest(mode);
            }
        }

        private void start(final StackId id) {
            Worker worker = new Worker(id, task, events);
            running.put(id, worker);
            startIndex.put(id, startIndex.size());
            listener.started(id);
            try {
                pool.execute(worker);
            } catch (RejectedExecutionException e) {
                events.add(new Ended(id, TaskOutcome.failed("could not start: the executor refused the task"),
                        false, null, 0));
            }
        }

        private void handle(final Event event) {
            if (event instanceof StopRequest request) {
                stop(request.mode());
            } else if (event instanceof Ended ended) {
                end(ended);
            }
        }

        private void stop(final StopMode mode) {
            if (stopping == StopMode.KILL_RUNNING || stopping == mode) {
                return;
            }
            stopping = mode;
            listener.stopping(mode);
            for (StackId id : state.abandonNotStarted()) {
                record(new StackResult(id, StackState.SKIPPED, "run interrupted", -1, results.size(), Duration.ZERO, null));
            }
            if (mode == StopMode.KILL_RUNNING) {
                running.values().forEach(Worker::kill);
            }
        }

        private void end(final Ended ended) {
            Worker worker = running.remove(ended.id());
            StackId id = ended.id();
            Duration elapsed = Duration.ofNanos(Math.max(0, ended.nanos()));
            int started = startIndex.get(id);
            if (ended.problem() != null) {
                listener.taskThrew(id, ended.problem());
            }
            StackResult result;
            if (ended.neverRan()) {
                // handed to the executor, killed before a thread took it up: nothing of it ran
                result = new StackResult(id, StackState.SKIPPED, "run interrupted before its task began", started,
                        results.size(), elapsed, null);
            } else if (ended.interrupted() || worker.wasKilled() && !ended.outcome().letsDependentsGo()) {
                result = new StackResult(id, StackState.INTERRUPTED,
                        worker.wasKilled() ? "interrupted while running" : "interrupted", started, results.size(), elapsed, null);
            } else {
                TaskOutcome outcome = ended.outcome();
                result = new StackResult(id, stateOf(outcome.kind()), outcome.reason(), started, results.size(), elapsed, null);
            }
            record(result);
            if (result.state() == StackState.SUCCEEDED || result.state() == StackState.NOTHING_TO_DO
                    || result.state() == StackState.SKIPPED) {
                state.succeeded(id);
                return;
            }
            String why = (options.kind() == DeployKind.DEPLOY ? "dependency " : "dependent ")
                    + id + " " + (slotless.test(id) && !result.reason().isEmpty() ? result.reason() : switch (result.state()) {
                        case AWAITING_APPROVAL -> "awaits approval";
                        case INTERRUPTED -> "was interrupted";
                        default -> "failed";
                    });
            for (StackId skipped : state.blocked(id)) {
                record(new StackResult(skipped, StackState.SKIPPED, why, -1, results.size(), Duration.ZERO, id));
            }
        }

        private void record(final StackResult result) {
            results.add(result);
            listener.ended(result);
        }
    }

    /**
     * Passes events on, and keeps a listener that throws from breaking the run: a progress printer that fails
     * must not leave stacks running unrecorded. The first failure is mentioned once on stderr.
     */
    private static final class SturdyListener implements SchedulerListener {
        private final SchedulerListener delegate;
        private boolean complained;

        SturdyListener(final SchedulerListener delegate) {
            this.delegate = delegate;
        }

        @Override
        public void started(final StackId id) {
            guard(() -> delegate.started(id));
        }

        @Override
        public void ended(final StackResult result) {
            guard(() -> delegate.ended(result));
        }

        @Override
        public void stopping(final StopMode mode) {
            guard(() -> delegate.stopping(mode));
        }

        @Override
        public void taskThrew(final StackId id, final Throwable problem) {
            guard(() -> delegate.taskThrew(id, problem));
        }

        private void guard(final Runnable call) {
            try {
                call.run();
            } catch (RuntimeException e) {
                if (!complained) {
                    complained = true;
                    System.err.println("stackdrift: a scheduler listener failed (" + e.getClass().getSimpleName()
                            + "); the run goes on without some progress lines");
                }
            }
        }
    }

    private static StackState stateOf(final TaskOutcome.Kind kind) {
        return switch (kind) {
            case SUCCEEDED -> StackState.SUCCEEDED;
            case NOTHING_TO_DO -> StackState.NOTHING_TO_DO;
            case SKIPPED -> StackState.SKIPPED;
            case AWAITING_APPROVAL -> StackState.AWAITING_APPROVAL;
            case FAILED -> StackState.FAILED;
        };
    }

    /** Runs one task on an executor thread and reports how it ended; can be killed (interrupted). */
    private static final class Worker implements Runnable {
        private final StackId id;
        private final StackTask task;
        private final BlockingQueue<Event> events;
        private Thread thread;
        private boolean killed;

        Worker(final StackId id, final StackTask task, final BlockingQueue<Event> events) {
            this.id = id;
            this.task = task;
            this.events = events;
        }

        @Override
        public void run() {
            synchronized (this) {
                if (killed) {
                    events.add(new Ended(id, null, true, null, -1));
                    return;
                }
                thread = Thread.currentThread();
            }
            long begin = System.nanoTime();
            Ended ended;
            try {
                TaskOutcome outcome = task.run(id);
                ended = outcome == null
                        ? new Ended(id, TaskOutcome.failed("the stack task returned no outcome"), false, null, System.nanoTime() - begin)
                        : new Ended(id, outcome, false, null, System.nanoTime() - begin);
            } catch (InterruptedException e) {
                ended = new Ended(id, null, true, null, System.nanoTime() - begin);
            } catch (Throwable problem) { // every stack must end in a state, whatever its task throws
                ended = new Ended(id, TaskOutcome.failed("unexpected " + problem.getClass().getSimpleName()
                        + " in the stack task"), false, problem, System.nanoTime() - begin);
            }
            synchronized (this) {
                thread = null;
                Thread.interrupted(); // a kill that came late must not leak into the pool thread's next task
            }
            events.add(ended);
        }

        synchronized void kill() {
            killed = true;
            if (thread != null) {
                thread.interrupt();
            }
        }

        synchronized boolean wasKilled() {
            return killed;
        }
    }
}
