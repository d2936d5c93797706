package io.stackdrift.model;

import java.io.Serializable;
import java.util.Objects;

/**
 * What a deploy is asked to do, as one value: apply or rehearse, approved or not, deploy or destroy. A run is never
 * asked to correct drift ({@link DeployMode#CORRECTION} is a drift check's own mode), so this value refuses it.
 *
 * @param mode     {@link DeployMode#APPLY}, or {@link DeployMode#REHEARSAL} (plan everything in order, apply nothing)
 * @param approval {@link Approval#GIVEN} when a person approved the run
 * @param kind     {@link DeployKind#DESTROY} destroys in reverse dependency order
 */
public record DeployChoice(DeployMode mode, Approval approval, DeployKind kind) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Apply, not approved, deploy: what a run is asked when nothing else is said. */
    public static final DeployChoice DEPLOY = new DeployChoice(DeployMode.APPLY, Approval.NOT_GIVEN, DeployKind.DEPLOY);

    public DeployChoice {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(kind, "kind");
        if (mode == DeployMode.CORRECTION) {
            throw new IllegalArgumentException("a run is asked to apply or to rehearse; correction is a drift check's own mode");
        }
    }

    public DeployChoice withMode(final DeployMode value) {
        return new DeployChoice(value, approval, kind);
    }

    public DeployChoice withApproval(final Approval value) {
        return new DeployChoice(mode, value, kind);
    }

    public DeployChoice withKind(final DeployKind value) {
        return new DeployChoice(mode, approval, value);
    }
}
