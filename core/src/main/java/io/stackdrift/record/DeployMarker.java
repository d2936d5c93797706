package io.stackdrift.record;

import java.util.Objects;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.StackId;

/**
 * "A deploy of this stack is running": written before the apply starts, removed when it ends. A marker
 * left by a run that died becomes an {@link TrailResult#INTERRUPTED} trail entry (see docs/records.md).
 *
 * @param stack     the stack being deployed
 * @param runId     the run deploying it
 * @param startedAt epoch milliseconds
 * @param host      the machine the run was on (to tell a live CLI process from a dead one)
 * @param owner     the process of that run: its pid and start time (a new process that got the pid is not it)
 * @param kind      a deploy, or a destroy (a destroy's marker left behind makes the history forget the last deploy)
 */
public record DeployMarker(StackId stack, String runId, long startedAt, String host, ProcessOwner owner, DeployKind kind) {
    public DeployMarker {
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(runId, "runId");
        host = Objects.requireNonNullElse(host, "");
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(kind, "kind");
    }
}
