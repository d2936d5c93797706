package io.stackdrift.plan;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

/** Counts code changes and drift without keeping them or asking for paths: a cheap first pass. */
public final class CountingSink implements PlanSink {
    private long changes;
    private long drift;

    @Override
    public void onChange(final Change change) {
        if (change.cause() == Cause.DRIFT) {
            drift++;
        } else {
            changes++;
        }
    }

    @Override
    public boolean wantsPaths() {
        return false;
    }

    public long changes() {
        return changes;
    }

    public long drift() {
        return drift;
    }
}
