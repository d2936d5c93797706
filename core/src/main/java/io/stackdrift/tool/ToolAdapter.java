package io.stackdrift.tool;

import java.util.Set;

import io.stackdrift.model.StackId;
import io.stackdrift.spi.ProcessRunner;

/**
 * Runs the tool of one stack for one purpose ({@link StackCall}: the stack, its repository, the work directory and the
 * variables, bound once), and turns what it prints into rows. One implementation per
 * tool family; all run processes through a {@link ProcessRunner}. Failures never throw: they come back as
 * failed rows / results with a one-line reason.
 */
public interface ToolAdapter {
    /**
     * init, then plan (preview, drift check or destroy) saved to a plan file in the call's work directory, then show.
     *
     * @param knownStacks every stack id of the configuration, to turn Pulumi stack references into ids
     */
    StackPlan plan(StackCall call, PlanPurpose purpose, Set<StackId> knownStacks) throws InterruptedException;

    /**
     * Applies exactly the plan this run produced; refuses (fails closed) when there is none. A plan of purpose
     * {@link PlanPurpose#DESTROY} destroys the stack's resources; a drift check's plan is never applied.
     */
    ApplyResult apply(StackCall call, StackPlan plan) throws InterruptedException;

    /** Reads the stack's outputs (keys and values, with which are sensitive) from its state. */
    OutputsResult outputs(StackCall call) throws InterruptedException;

    /**
     * A plan of the stack's code as it is now, made only for its {@code replace_paths} (field ownership's rule 2: a
     * path whose change forces replacement is never owned elsewhere). The caller makes sure no override file is in
     * place. Never remembered as the run's plan of the stack, so it is never applied; a missing workspace is created
     * only when {@code purpose} is a preview. Terraform/OpenTofu only: other tools answer with a failed plan.
     */
    default StackPlan replaceProbe(StackCall call, PlanPurpose purpose) throws InterruptedException {
        return PlansOfThisRun.failed(call.stack(), purpose, call.stack().tool().word() + " plans have no replace_paths");
    }

    /** {@code providers schema -json} into the call's work directory; Terraform/OpenTofu only. */
    ToolRun providersSchema(StackCall call) throws InterruptedException;

    /** {@code version}, for the digest; empty when unknown. */
    String version(StackCall call) throws InterruptedException;
}
