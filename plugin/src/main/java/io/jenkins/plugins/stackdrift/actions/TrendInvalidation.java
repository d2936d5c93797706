package io.jenkins.plugins.stackdrift.actions;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.model.listeners.RunListener;

/** Forgets a job's kept trend ({@link TrendCache}) when one of its builds completes, is finalized or is deleted. */
@Extension
@SuppressWarnings("rawtypes")
public final class TrendInvalidation extends RunListener<Run> {
    @Override
    public void onCompleted(final Run r, @NonNull final TaskListener listener) {
        TrendCache.forget(r.getParent());
    }

    @Override
    public void onFinalized(final Run r) {
        TrendCache.forget(r.getParent());
    }

    @Override
    public void onDeleted(final Run r) {
        TrendCache.forget(r.getParent());
    }
}
