package io.stackdrift.shard;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;

/**
 * What the shards of one run know of each other (docs/concepts.md, "Shards"): for every stack its owning shard and,
 * once it ended, its outcome; and which shards have ended. A host keeps one per run, or rebuilds it from what the
 * shards wrote. The wait rule: a stack whose dependency belongs to another shard waits until that dependency ended
 * in this run; it goes on when the dependency deployed or was unchanged, and is
 * skipped with the reason when the dependency failed, was skipped, awaits approval, was interrupted, or its shard
 * ended without it. A dependency whose shard is gone (its process died without ending it) fails the stack: the
 * run went wrong, and a dependency left half-deployed is no reason to carry on as if it had been skipped.
 *
 * <p>Thread-safe: a host may keep one board per run and post to it from every shard's threads (every method holds the
 * board's own lock); posts and ends return the board, so a board can be filled in one expression.
 */
public final class ShardBoard {
    private final ShardPlan plan;
    private final Map<StackId, ShardOutcome> outcomes = new HashMap<>();
    private final Set<Integer> ended = new TreeSet<>();
    private final Map<Integer, String> gone = new TreeMap<>();
    /** Its own lock, not the board's monitor: a caller holding the board it got back cannot block the others. */
    private final Object lock = new Object();

    private ShardBoard(final ShardPlan plan) {
        this.plan = plan;
    }

    /** A board on which nothing has ended yet. */
    public static ShardBoard of(final ShardPlan plan) {
        return new ShardBoard(Objects.requireNonNull(plan, "plan"));
    }

    /**
     * What a shard waits for: nothing more (go), the dependency (wait), nothing at all (skip, with the reason), or
     * nothing at all because the dependency's shard is gone (fail, with the reason).
     */
    public enum Verdict { GO, WAIT, SKIP, FAIL }

    /**
     * The wait rule's answer for one stack.
     *
     * @param verdict    go, wait or skip
     * @param dependency the dependency waited for or that skips the stack; empty on go
     * @param shard      the number of that dependency's shard; 0 on go
     * @param what       on skip or fail, what became of the dependency ("failed in shard 2 of 4"); empty otherwise
     */
    public record Decision(Verdict verdict, Optional<StackId> dependency, int shard, String what) {
        public Decision {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(dependency, "dependency");
            Objects.requireNonNull(what, "what");
        }

        /** On skip or fail, the stack's reason: "dependency network failed in shard 2 of 4"; empty otherwise. */
        public String reason() {
            return verdict == Verdict.SKIP || verdict == Verdict.FAIL ? "dependency " + dependency.orElseThrow() + " " + what : "";
        }

        static final Decision GO = new Decision(Verdict.GO, Optional.empty(), 0, "");
    }

    public ShardPlan plan() {
        return plan;
    }

    /** The number of the shard that deploys {@code id}. */
    public int ownerOf(final StackId id) {
        return plan.numberOf(id);
    }

    /** How {@code id} ended in this run; empty while it has not. */
    public Optional<ShardOutcome> outcome(final StackId id) {
        synchronized (lock) {
            return Optional.ofNullable(outcomes.get(id));
        }
    }

    /** Every outcome posted so far, by stack: a copy. */
    public Map<StackId, ShardOutcome> outcomes() {
        synchronized (lock) {
            return Collections.unmodifiableMap(new TreeMap<>(outcomes));
        }
    }

    public boolean hasEnded(final int shard) {
        synchronized (lock) {
            return ended.contains(shard);
        }
    }

    /** The shards that have ended: a copy. */
    public SortedSet<Integer> endedShards() {
        synchronized (lock) {
            return Collections.unmodifiableSortedSet(new TreeSet<>(ended));
        }
    }

    /** True when every shard has ended: the run is over. */
    public boolean complete() {
        synchronized (lock) {
            return ended.size() == plan.count();
        }
    }

    /**
     * Posts {@code id}'s outcome. Posting the same outcome again changes nothing; a different one is refused: a stack
     * ends once per run.
     */
    public ShardBoard post(final StackId id, final ShardOutcome outcome) {
        synchronized (lock) {
            Objects.requireNonNull(outcome, "outcome");
            plan.numberOf(id);
            ShardOutcome before = outcomes.get(id);
            if (before != null && before != outcome) {
                throw new IllegalStateException(id + " already ended (" + before + "), it cannot end again as " + outcome);
            }
            outcomes.put(id, outcome);
            return this;
        }
    }

    /** Shard {@code number} ended: what it has not posted, it will never deploy in this run. */
    public ShardBoard end(final int number) {
        synchronized (lock) {
            plan.shard(number);
            ended.add(number);
            return this;
        }
    }

    /**
     * Shard {@code number} is gone: its process died without ending it ({@code words} say how that is known). An end
     * the shard wrote counts first.
     */
    public ShardBoard gone(final int number, final String words) {
        synchronized (lock) {
            plan.shard(number);
            gone.put(number, Objects.requireNonNull(words, "words"));
            return this;
        }
    }

    /** Whether a stack waiting for {@code dependency} (deployed by another shard) may go on now. */
    public Decision await(final StackId dependency) {
        synchronized (lock) {
            int shard = plan.numberOf(dependency);
            String where = "shard " + shard + " of " + plan.count();
            ShardOutcome outcome = outcomes.get(dependency);
            if (outcome != null) {
                return outcome.letsDependentsGo() ? Decision.GO
                        : new Decision(Verdict.SKIP, Optional.of(dependency), shard,
                                outcome.words() + " in " + where);
            }
            if (ended.contains(shard)) {
                return new Decision(Verdict.SKIP, Optional.of(dependency), shard,
                        "was not deployed: " + where + " ended without it");
            }
            String words = gone.get(shard);
            if (words != null) {
                return new Decision(Verdict.FAIL, Optional.of(dependency), shard,
                        "was not deployed: " + where + " is gone (" + words + ")");
            }
            return new Decision(Verdict.WAIT, Optional.of(dependency), shard, "");
        }
    }

    /**
     * The wait rule for {@code stack} over its direct dependencies in {@code graph} that other shards deploy (its own
     * shard orders the rest): the first that skips or fails it, else the first still running, else go. Dependencies are looked
     * at in id order, so the answer never depends on timing.
     */
    public Decision decide(final StackId stack, final StackGraph graph) {
        synchronized (lock) {
            int own = plan.numberOf(stack);
            Decision waiting = null;
            for (StackId dependency : graph.dependenciesOf(stack)) {
                if (plan.numberOf(dependency) == own) {
                    continue;
                }
                Decision d = await(dependency);
                if (d.verdict() == Verdict.SKIP || d.verdict() == Verdict.FAIL) {
                    return d;
                }
                if (d.verdict() == Verdict.WAIT && waiting == null) {
                    waiting = d;
                }
            }
            return waiting == null ? Decision.GO : waiting;
        }
    }

    /** The one line a wait prints: "dns waits for network, in shard 2 of 4". */
    public String waitLine(final StackId stack, final StackId dependency) {
        return stack + " waits for " + dependency + ", in shard " + plan.numberOf(dependency) + " of " + plan.count();
    }
}
