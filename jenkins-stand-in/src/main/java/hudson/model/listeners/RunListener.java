package hudson.model.listeners;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Run;
import hudson.model.TaskListener;

@SuppressWarnings("rawtypes")
public abstract class RunListener<R extends Run> implements ExtensionPoint {
    protected RunListener() {
    }

    public void onCompleted(R r, @NonNull TaskListener listener) {
    }

    public void onFinalized(R r) {
    }

    public void onDeleted(R r) {
    }
}
