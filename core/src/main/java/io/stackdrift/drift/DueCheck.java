package io.stackdrift.drift;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.StackConfig;
import io.stackdrift.drift.CheckDecision.Action;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.StackStatus;

/**
 * Which stacks a drift check run checks (spec §4, §9): a pure function of the configuration, the
 * history's stack index, the deploys in progress and, for a push, the changed files.
 *
 * <p>Order of the rules: a running deploy skips everything; a stack whose own files changed in a push
 * is previewed even when drift is off or a plan awaits approval (that plan is stale once the code
 * changed, and a preview is not a drift check); then drift disabled or off, a plan awaiting approval,
 * and finally the push rule (last row drifted) or the schedule (due by {@code every}, or by the backoff
 * after failures, counted from the last check).
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
     * @param trigger        what started the run
     * @param statuses       the history's latest status per stack ({@code HistoryStore.stackStatuses()})
     * @param deploysRunning stacks with a deploy in progress (markers left after {@code recoverInterrupted})
     * @param changedFiles   for a push: changed files relative to the repository root, '/'-separated
     * @param now            the time of the run
     */
    public record Input(Trigger trigger, Map<StackId, StackStatus> statuses, Set<StackId> deploysRunning,
            Set<String> changedFiles, Instant now) {
        public Input {
            Objects.requireNonNull(trigger, "trigger");
            Objects.requireNonNull(now, "now");
            statuses = Map.copyOf(statuses);
            deploysRunning = Set.copyOf(deploysRunning);
            changedFiles = Set.copyOf(changedFiles);
        }
    }

    private DueCheck() {
    }

    /** One decision per stack, in stack id order. */
    public static List<CheckDecision> decide(final List<StackConfig> stacks, final Input input) {
        List<StackConfig> sorted = stacks.stream().sorted(Comparator.comparing(StackConfig::id)).toList();
        List<StackId> changed = input.trigger() == Trigger.PUSH ? owners(sorted, input.changedFiles()) : List.of();
        List<CheckDecision> out = new ArrayList<>();
        for (StackConfig stack : sorted) {
            out.add(decide(stack, Optional.ofNullable(input.statuses().get(stack.id())), changed.contains(stack.id()), input));
        }
        return out;
    }

    private static CheckDecision decide(final StackConfig stack, final Optional<StackStatus> status, final boolean filesChanged,
            final Input input) {
        StackId id = stack.id();
        if (input.deploysRunning().contains(id)) {
            return new CheckDecision(id, Action.SKIP, "a deploy of it is running");
        }
        if (filesChanged) {
            return new CheckDecision(id, Action.PREVIEW, "its files changed: a preview, which includes drift");
        }
        if (!stack.drift().enabled()) {
            return new CheckDecision(id, Action.SKIP, "drift checks disabled");
        }
        if (stack.drift().mode() == DriftMode.OFF) {
            return new CheckDecision(id, Action.SKIP, "drift mode off");
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
        StackStatus s = status.get();
        Duration every = stack.drift().every();
        boolean failing = s.consecutiveFailures() > 0;
        Duration wait = failing ? Backoff.interval(s.consecutiveFailures(), every) : every;
        long since = failing ? Math.max(s.lastFailedAt(), s.lastCheckedAt()) : s.lastCheckedAt();
        long dueAt = since + wait.toMillis();
        if (input.now().toEpochMilli() >= dueAt) {
            String why = failing
                    ? "retry after " + s.consecutiveFailures() + " failed check" + (s.consecutiveFailures() == 1 ? "" : "s")
                            + " (backoff " + Durations.format(wait) + ")"
                    : "due: every " + Durations.format(every) + ", last checked at " + Durations.time(s.lastCheckedAt());
            return new CheckDecision(id, Action.CHECK, why);
        }
        String why = "not due until " + Durations.time(dueAt) + (failing
                ? " (backoff " + Durations.format(wait) + " after " + s.consecutiveFailures() + " failed checks)"
                : " (every " + Durations.format(every) + ")");
        return new CheckDecision(id, Action.SKIP, why);
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
}
