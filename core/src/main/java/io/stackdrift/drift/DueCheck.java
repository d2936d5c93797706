package io.stackdrift.drift;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.Durations;
import io.stackdrift.config.StackConfig;
import io.stackdrift.digest.StackFiles;
import io.stackdrift.drift.CheckDecision.Action;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Timing;
import io.stackdrift.record.StackStatus;

/**
 * Which stacks a drift check run checks (docs/concepts.md, "Drift modes"; docs/engine.md, "check"): a pure function of the
 * configuration, the history's stack index, the deploys in progress and, for a push, the changed files.
 *
 * <p>Order of the rules: a running deploy skips everything; drift disabled or off skips the stack (a push's preview
 * is part of the drift run too); a stack whose own files, or the files of a local module it references
 * ({@link Modules}), changed in a push is previewed even when a plan awaits approval (that plan is stale once the
 * code changed); then a plan awaiting approval, and finally the push rule (last row drifted) or the schedule (due by
 * {@code every}, or by the backoff after failures, counted from the last check).
 */
public final class DueCheck {
    /** What started the run. */
    public enum Trigger {
        SCHEDULED,
        MANUAL,
        /** A push: only stacks that showed drift are checked; stacks whose files changed are previewed. */
        PUSH
    }

    /**
     * The local module directories a stack references, relative to the repository root and '/'-separated
     * ({@code modules/vpc}), for the push rule: a change in one of them concerns the stack as much as a
     * change in its own directory. Asked only on a push with changed files.
     */
    @FunctionalInterface
    public interface Modules {
        /** No module knowledge: only a stack's own directory counts (what the 5-argument Input gives). */
        Modules NONE = stack -> Set.of();

        Set<String> of(StackConfig stack);

        /**
         * Read from the stack's configuration files the way its digest reads them
         * ({@link StackFiles#referencedModules}, transitively). A directory that cannot be read has no modules
         * here; its stack's own files still count.
         */
        static Modules onDisk(final Path repositoryRoot) {
            Path root = repositoryRoot.toAbsolutePath().normalize();
            return stack -> {
                try {
                    Set<String> out = new TreeSet<>();
                    for (Path module : StackFiles.referencedModules(stack.directory(root))) {
                        out.add(root.relativize(module.toAbsolutePath().normalize()).toString().replace('\\', '/'));
                    }
                    return out;
                } catch (IOException | UncheckedIOException e) {
                    return Set.of();
                }
            };
        }
    }

    /**
     * @param trigger        what started the run
     * @param statuses       the history's latest status per stack ({@code HistoryStore.stackStatuses()})
     * @param deploysRunning stacks with a deploy in progress (markers left after {@code recoverInterrupted})
     * @param changedFiles   for a push: changed files relative to the repository root, '/'-separated
     * @param now            the time of the run
     * @param modules        the local modules each stack references ({@link Modules#onDisk}), for a push
     * @param timing         {@link Timing#NOW}: a scheduled or manual check takes every stack its schedule and backoff
     *                       would leave for later
     */
    public record Input(Trigger trigger, Map<StackId, StackStatus> statuses, Set<StackId> deploysRunning,
            Set<String> changedFiles, Instant now, Modules modules, Timing timing) {
        public Input {
            Objects.requireNonNull(trigger, "trigger");
            Objects.requireNonNull(timing, "timing");
            Objects.requireNonNull(now, "now");
            Objects.requireNonNull(modules, "modules");
            statuses = Map.copyOf(statuses);
            deploysRunning = Set.copyOf(deploysRunning);
            changedFiles = Set.copyOf(changedFiles);
        }

        /** Stacks taken when due. */
        public Input(final Trigger trigger, final Map<StackId, StackStatus> statuses, final Set<StackId> deploysRunning,
                final Set<String> changedFiles, final Instant now, final Modules modules) {
            this(trigger, statuses, deploysRunning, changedFiles, now, modules, Timing.WHEN_DUE);
        }

        /** Without module knowledge: a push that changes only a module a stack uses previews nothing. */
        public Input(final Trigger trigger, final Map<StackId, StackStatus> statuses, final Set<StackId> deploysRunning,
                final Set<String> changedFiles, final Instant now) {
            this(trigger, statuses, deploysRunning, changedFiles, now, Modules.NONE);
        }
    }

    /** How a stack that is not due is checked anyway: the command line's option and the steps' parameter. */
    public static final String NOW_HINT = "; check it now with --now (now: true on the step)";

    private DueCheck() {
    }

    /** One decision per stack, in stack id order. */
    public static List<CheckDecision> decide(final List<StackConfig> stacks, final Input input) {
        List<StackConfig> sorted = stacks.stream().sorted(Comparator.comparing(StackConfig::id)).toList();
        Map<StackId, String> changed = new HashMap<>();
        if (input.trigger() == Trigger.PUSH && !input.changedFiles().isEmpty()) {
            for (StackId id : owners(sorted, input.changedFiles())) {
                changed.put(id, "its files changed");
            }
            for (StackConfig stack : sorted) {
                if (!changed.containsKey(stack.id())) {
                    changedModule(input.modules().of(stack), input.changedFiles())
                            .ifPresent(module -> changed.put(stack.id(), "module " + module + " it uses changed"));
                }
            }
        }
        List<CheckDecision> out = new ArrayList<>();
        for (StackConfig stack : sorted) {
            out.add(decide(stack, Optional.ofNullable(input.statuses().get(stack.id())), changed.get(stack.id()), input));
        }
        return out;
    }

    /** The module that holds a changed file, the innermost one where modules nest ({@code modules/vpc/subnet}). */
    private static Optional<String> changedModule(final Set<String> modules, final Set<String> changedFiles) {
        String found = null;
        for (String module : new TreeSet<>(modules)) {
            String dir = normalize(module);
            boolean holds = changedFiles.stream().map(DueCheck::normalize).anyMatch(f -> f.startsWith(dir + "/"));
            if (holds && (found == null || dir.length() > found.length())) {
                found = dir;
            }
        }
        return Optional.ofNullable(found);
    }

    /** @param filesChanged why a push concerns the stack's files, or null when it does not */
    private static CheckDecision decide(final StackConfig stack, final Optional<StackStatus> status, final String filesChanged,
            final Input input) {
        StackId id = stack.id();
        if (input.deploysRunning().contains(id)) {
            return new CheckDecision(id, Action.SKIP, "a deploy of it is running");
        }
        // a push's preview is part of the drift run: a stack whose drift is off is never looked at by it
        if (!stack.drift().enabled()) {
            return new CheckDecision(id, Action.SKIP, "drift checks disabled");
        }
        if (stack.drift().mode() == DriftMode.OFF) {
            return new CheckDecision(id, Action.SKIP, "drift mode off");
        }
        if (filesChanged != null) {
            return new CheckDecision(id, Action.PREVIEW, filesChanged + ": a preview, which includes drift");
        }
        if (status.map(s -> s.lastState() == RowState.AWAITING_APPROVAL).orElse(false)) {
            return new CheckDecision(id, Action.SKIP, "a plan of it awaits approval");
        }
        if (input.trigger() == Trigger.PUSH) {
            return status.filter(s -> s.lastState().hasDrift()).isPresent()
                    ? new CheckDecision(id, Action.CHECK, "its last row showed drift")
                    : new CheckDecision(id, Action.SKIP, "no drift in its last row and its files did not change");
        }
        if (status.isEmpty() || status.get().lastCheckedAt() == 0) {
            return new CheckDecision(id, Action.CHECK, "never checked");
        }
        if (input.timing() == Timing.NOW) {
            return new CheckDecision(id, Action.CHECK, "asked for now, whatever its schedule and backoff");
        }
        StackStatus s = status.get();
        Duration every = stack.drift().every();
        boolean failing = s.consecutiveFailures() > 0;
        Duration wait = waitAfter(s, every);
        Optional<String> ahead = clockAhead(s, input.now());
        if (ahead.isPresent()) {
            // a time recorded by a clock that was ahead never postpones a check
            return new CheckDecision(id, Action.CHECK, ahead.get());
        }
        long dueAt = dueAt(s, every);
        if (input.now().toEpochMilli() >= dueAt) {
            String why = failing
                    ? "retry after " + s.consecutiveFailures() + " failed check" + (s.consecutiveFailures() == 1 ? "" : "s")
                            + " (backoff " + Durations.format(wait) + ")"
                    : "due: every " + Durations.format(every) + ", last checked at " + time(s.lastCheckedAt());
            return new CheckDecision(id, Action.CHECK, why);
        }
        String why = "not due until " + time(dueAt) + (failing
                ? " (backoff " + Durations.format(wait) + " after " + s.consecutiveFailures() + " failed check"
                        + (s.consecutiveFailures() == 1 ? "" : "s") + ")"
                : " (every " + Durations.format(every) + ")") + NOW_HINT;
        return new CheckDecision(id, Action.SKIP, why);
    }

    /**
     * When a scheduled check next takes the stack, by the rules of {@link #decide} for a scheduled run that no deploy
     * holds up: empty when none takes it (drift disabled or off, or a plan of it awaits approval, which its approval's
     * deploy settles); {@code now} when it was never checked or its times were written by a clock ahead of {@code now}.
     */
    public static Optional<Instant> nextScheduled(final StackConfig stack, final Optional<StackStatus> status, final Instant now) {
        if (!stack.drift().enabled() || stack.drift().mode() == DriftMode.OFF
                || status.map(s -> s.lastState() == RowState.AWAITING_APPROVAL).orElse(false)) {
            return Optional.empty();
        }
        if (status.isEmpty() || status.get().lastCheckedAt() == 0 || clockAhead(status.get(), now).isPresent()) {
            return Optional.of(now);
        }
        return Optional.of(Instant.ofEpochMilli(dueAt(status.get(), stack.drift().every())));
    }

    /** The stack's schedule, or its backoff while its checks fail. */
    private static Duration waitAfter(final StackStatus s, final Duration every) {
        return s.consecutiveFailures() > 0 ? Backoff.interval(s.consecutiveFailures(), every) : every;
    }

    /** When the stack is due: the wait counted from its last check, or from its last failure while failing. */
    private static long dueAt(final StackStatus s, final Duration every) {
        long since = s.consecutiveFailures() > 0 ? Math.max(s.lastFailedAt(), s.lastCheckedAt()) : s.lastCheckedAt();
        return since + waitAfter(s, every).toMillis();
    }

    /**
     * Why the stack's status cannot be trusted for its due time: its last check (or failure) is recorded later than
     * {@code now}, by a run whose clock was ahead. Such a time counts as now, and the stack is checked; empty when the
     * times are in the past.
     */
    public static Optional<String> clockAhead(final StackStatus status, final Instant now) {
        long latest = Math.max(status.lastCheckedAt(), status.lastFailedAt());
        if (latest <= now.toEpochMilli()) {
            return Optional.empty();
        }
        return Optional.of("its last check is recorded at " + time(latest) + ", later than now (" + time(now.toEpochMilli())
                + "): a clock was ahead, so it is checked now");
    }

    /**
     * The stacks whose own files are among {@code changedFiles}: a file belongs to the stack with the
     * longest directory that contains it (a root-directory stack "." owns what no other stack owns).
     */
    static List<StackId> owners(final List<StackConfig> stacks, final Set<String> changedFiles) {
        List<StackId> out = new ArrayList<>();
        for (String raw : changedFiles) {
            String file = normalize(raw);
            StackConfig best = null;
            for (StackConfig stack : stacks) {
                String dir = normalize(stack.dir());
                boolean inside = ".".equals(dir) || dir.isEmpty() || file.startsWith(dir + "/");
                if (inside && (best == null || dir.length() > normalize(best.dir()).length()
                        || ".".equals(normalize(best.dir())))) {
                    best = stack;
                }
            }
            if (best != null) {
                // several stacks (workspaces, Pulumi stacks) can share one directory: all of them changed
                String bestDir = normalize(best.dir());
                for (StackConfig stack : stacks) {
                    if (normalize(stack.dir()).equals(bestDir) && !out.contains(stack.id())) {
                        out.add(stack.id());
                    }
                }
            }
        }
        return out;
    }

    private static String normalize(final String path) {
        String p = path.replace('\\', '/');
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        while (p.endsWith("/") && p.length() > 1) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    /** A time as messages write it: {@code 2026-05-01T10:00:00Z}. */
    private static String time(final long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
