package io.stackdrift.tool;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.DriftReverts;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.plan.PriorState;

/**
 * The successful plans an adapter produced in this run, one per stack (the latest). A deploy may apply
 * only a plan found here, and only once (docs/concepts.md, "Freshness"): a plan from an earlier run, a failed plan, or
 * a plan already applied is refused.
 */
final class PlansOfThisRun {
    static final String NO_PLAN = "no plan from this run; refusing to apply";
    static final String DRIFT_CHECK_PLAN = "a drift check's plan is never applied (it would keep the drift); "
            + "preview the stack in this run, then deploy";

    private final Map<StackId, StackPlan> plans = new ConcurrentHashMap<>();

    /** Forgets the stack's earlier plan: a new plan of it is being made. */
    void forget(final StackId stack) {
        plans.remove(stack);
    }

    void remember(final StackPlan plan) {
        if (plan.row().state() != RowState.FAILED) {
            plans.put(plan.stack(), plan);
        }
    }

    /**
     * Takes the plan for applying it: empty when it may be applied, else why not. A taken plan is
     * forgotten, so it is applied at most once.
     */
    Optional<String> take(final StackId stack, final StackPlan plan) {
        if (!stack.equals(plan.stack()) || plan.row().state() == RowState.FAILED || !plans.remove(stack, plan)) {
            return Optional.of(NO_PLAN);
        }
        if (plan.purpose() == PlanPurpose.DRIFT_CHECK) {
            return Optional.of(DRIFT_CHECK_PLAN);
        }
        return Optional.empty();
    }

    /** A failed plan: a row with the one-line reason and nothing else (no changes, no depends-on). */
    static StackPlan failed(final StackConfig stack, final PlanPurpose purpose, final String reason) {
        Row row = Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, reason);
        return new StackPlan(row, purpose, Optional.empty(), "", Map.of());
    }

    /** Why a drift check's row is {@link RowState#NOT_DEPLOYED}, and what to do. */
    static final String NOT_DEPLOYED = "the tool's state holds nothing: never deployed (or destroyed); a deploy creates it";

    /**
     * The row of a successful plan. A drift check that started from an empty state has nothing to compare: the stack is
     * not deployed rather than in sync.
     */
    static Row succeeded(final StackConfig stack, final PlanSummary summary, final PlanPurpose purpose,
            final List<StackId> dependsOn) {
        boolean empty = purpose == PlanPurpose.DRIFT_CHECK && summary.priorState() == PriorState.EMPTY && summary.drift().isEmpty();
        // a preview lists putting the drift back as changes: they are marked as drift, and alone they leave the stack drifted
        ChangeList changes = DriftReverts.of(summary.drift()).marked(summary.changes());
        RowState state = empty ? RowState.NOT_DEPLOYED : RowState.of(DriftReverts.anyInCode(changes), !summary.drift().isEmpty());
        return Row.of(stack.id(), stack.tool(), stack.dir(), state, empty ? NOT_DEPLOYED : "").withChanges(changes)
                .withDrift(summary.drift()).withDependsOn(dependsOn);
    }
}
