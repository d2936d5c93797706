package io.stackdrift.deploy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.PlanDigest;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.ownership.ReplaceEvidence;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.spi.StackLocks;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.ToolAdapter;

/** What a {@link StackDeployment} needs of the run it belongs to; the engine's run context provides it. */
public interface DeployContext {
    String runId();

    Path root();

    /** Every stack id of the configuration (Pulumi stack references resolve against them). */
    Set<StackId> known();

    /** This run's adapter of {@code tool}: it applies only plans it made in this run. */
    ToolAdapter adapter(Tool tool);

    Path workDir(StackConfig stack, String step);

    /** The tool calls of {@code stack} for {@code step}: in this run's repository and the step's work directory. */
    default StackCall call(final StackConfig stack, final String step, final Map<String, String> environment) {
        return new StackCall(stack, root(), workDir(stack, step), environment);
    }

    /**
     * The run's evidence for field ownership's rule 2 (a probe plan per stack digest, kept for the run). Not named
     * {@code replace…}: SpotBugs reads such a name as a mutator of the context.
     */
    ReplaceEvidence ownershipEvidence();

    long now();

    void progress(String line);

    StackLocks locks();

    /** Writes the "running" marker of a deploy or destroy (recovered as "interrupted" if the run dies). */
    void markStarted(StackId stack, long startedAt, DeployKind kind);

    void markFinished(StackId stack);

    void trail(TrailEntry entry);

    /** The stack's row comes from a preview of this run: it says afresh what the stack depends on. */
    void previewed(StackId stack);

    /** The stack was deployed (or found unchanged): the digest computed for it in this run is recorded. */
    void deployed(StackId stack);

    /** A destroy may have changed the stack without a "destroyed" entry: its last deploy is forgotten. */
    void forgetDeploy(StackId stack);

    /**
     * A deploy of the stack, or of a stack it depends on, was interrupted or did not finish in an earlier run: it is
     * deployed whatever its digest says, and its outputs file is written even when there is nothing to apply.
     */
    boolean owesDeploy(StackId stack);

    /** Runs a stack's policy check through the run's process runner (the one the tools use). */
    PolicyGate policyGate();

    /** The plans an approval of this run approved ({@link PlanDigest.Approved#NONE} when it recorded none). */
    PlanDigest.Approved approvedPlans();
}
