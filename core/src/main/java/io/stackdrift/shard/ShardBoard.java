package io.stackdrift.shard;

import java.util.Collections;
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
 * once it ended, its outcome; and which shards have ended. Immutable: each post gives a new board, so a host may keep
 * it behind one reference or rebuild it from files. The wait rule: a stack whose dependency belongs to another shard
 * waits until that dependency ended in this run; it goes on when the dependency deployed or was unchanged, and is
 * skipped with the reason when the dependency failed, was skipped, awaits approval, was interrupted, or its shard
 * ended without it.
 */
public final class ShardBoard {
    private final ShardPlan plan;
    private final Map<StackId, ShardOutcome> outcomes;
    private final SortedSet<Integer> ended;

    private ShardBoard(final ShardPlan plan, final Map<StackId, ShardOutcome> outcomes, final Set<Integer> ended) {
        this.plan = plan;
        this.outcomes = Collections.unmodifiableMap(new TreeMap<>(outcomes));
        this.ended = Collections.unmodifiableSortedSet(new TreeSet<>(ended));
    }

    /** A board on which nothing has ended yet. */
    public static ShardBoard of(final ShardPlan plan) {
        return new ShardBoard(Objects.requireNonNull(plan, "plan"), Map.of(), Set.of());
    }

    /** What a shard waits for: nothing more (go), the dependency (wait), or nothing at all (skip, with the reason). */
    public enum Verdict { GO, WAIT, SKIP }

    /**
     * The wait rule's answer for one stack.
     *
     * @param verdict    go, wait or skip
     * @param dependency the dependency waited for or that skips the stack; empty on go
     * @param shard      the number of that dependency's shard; 0 on go
     * @param reason     on skip, the row's reason ("dependency network failed in shard 2 of 4"); empty otherwise
     */
    public record Decision(Verdict verdict, Optional<StackId> dependency, int shard, String reason) {
        public Decision {
            Objects.requireNonNull(verdict, "verdict");
            Objects.requireNonNull(dependency, "dependency");
            Objects.requireNonNull(reason, "reason");
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
        return Optional.ofNullable(outcomes.get(id));
    }

    /** Every outcome posted so far, by stack. */
    public Map<StackId, ShardOutcome> outcomes() {
        return outcomes;
    }

    public boolean hasEnded(final int shard) {
        return ended.contains(shard);
    }

    /** The shards that have ended. */
    public SortedSet<Integer> endedShards() {
        return ended;
    }

    /** True when every shard has ended: the run is over. */
    public boolean complete() {
        return ended.size() == plan.count();
    }

    /**
     * The board with {@code id}'s outcome. Posting the same outcome again changes nothing; a different one is refused:
     * a stack ends once per run.
     */
    public ShardBoard post(final StackId id, final ShardOutcome outcome) {
        Objects.requireNonNull(outcome, "outcome");
        plan.numberOf(id);
        ShardOutcome before = outcomes.get(id);
        if (before == outcome) {
            return this;
        }
        if (before != null) {
            throw new IllegalStateException(id + " already ended (" + before + "), it cannot end again as " + outcome);
        }
        Map<StackId, ShardOutcome> next = new TreeMap<>(outcomes);
        next.put(id, outcome);
        return new ShardBoard(plan, next, ended);
    }

    /** The board with shard {@code number} ended: what it has not posted, it will never deploy in this run. */
    public ShardBoard end(final int number) {
        plan.shard(number);
        if (ended.contains(number)) {
            return this;
        }
        Set<Integer> next = new TreeSet<>(ended);
        next.add(number);
        return new ShardBoard(plan, outcomes, next);
    }

    /** Whether a stack waiting for {@code dependency} (deployed by another shard) may go on now. */
    public Decision await(final StackId dependency) {
        int shard = plan.numberOf(dependency);
        String where = "shard " + shard + " of " + plan.count();
        ShardOutcome outcome = outcomes.get(dependency);
        if (outcome != null) {
            return outcome.letsDependentsGo() ? Decision.GO
                    : new Decision(Verdict.SKIP, Optional.of(dependency), shard,
                            "dependency " + dependency + " " + outcome.words() + " in " + where);
        }
        if (ended.contains(shard)) {
            return new Decision(Verdict.SKIP, Optional.of(dependency), shard,
                    "dependency " + dependency + " was not deployed: " + where + " ended without it");
        }
        return new Decision(Verdict.WAIT, Optional.of(dependency), shard, "");
    }

    /**
     * The wait rule for {@code stack} over its direct dependencies in {@code graph} that other shards deploy (its own
     * shard orders the rest): the first that skips it, else the first still running, else go. Dependencies are looked
     * at in id order, so the answer never depends on timing.
     */
    public Decision decide(final StackId stack, final StackGraph graph) {
        int own = plan.numberOf(stack);
        Decision waiting = null;
        for (StackId dependency : graph.dependenciesOf(stack)) {
            if (plan.numberOf(dependency) == own) {
                continue;
            }
            Decision d = await(dependency);
            if (d.verdict() == Verdict.SKIP) {
                return d;
            }
            if (d.verdict() == Verdict.WAIT && waiting == null) {
                waiting = d;
            }
        }
        return waiting == null ? Decision.GO : waiting;
    }

    /** The one line a wait prints: "dns waits for network, in shard 2 of 4". */
    public String waitLine(final StackId stack, final StackId dependency) {
        return stack + " waits for " + dependency + ", in shard " + plan.numberOf(dependency) + " of " + plan.count();
    }
}
