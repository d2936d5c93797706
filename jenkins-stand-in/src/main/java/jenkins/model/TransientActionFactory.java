package jenkins.model;

import java.util.Collection;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Action;

public abstract class TransientActionFactory<T> implements ExtensionPoint {
    public abstract Class<T> type();

    public Class<? extends Action> actionType() {
        throw new UnsupportedOperationException();
    }

    public abstract @NonNull Collection<? extends Action> createFor(@NonNull T target);
}
