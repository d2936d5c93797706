package io.stackdrift.engine;

import io.stackdrift.model.DeployKind;
import io.stackdrift.record.HistoryStore;

/** A test's host, as the CLI is one: runs the engine, then saves exactly what each outcome carries, once. */
public record SavingHost(StackDriftEngine engine, HistoryStore history) {
    public RunOutcome preview(final RunRequest request) {
        return saved(engine.preview(request));
    }

    public RunOutcome check(final RunRequest request) {
        return saved(engine.check(request));
    }

    public RunOutcome deploy(final RunRequest request) {
        return saved(engine.deploy(request));
    }

    public RunOutcome destroy(final RunRequest request) {
        return saved(engine.deploy(request.toBuilder().kind(DeployKind.DESTROY).build()));
    }

    private RunOutcome saved(final RunOutcome outcome) {
        outcome.toSave().ifPresent(history::save);
        return outcome;
    }
}
