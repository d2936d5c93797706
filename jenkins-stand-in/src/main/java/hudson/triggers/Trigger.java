package hudson.triggers;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Item;

public abstract class Trigger<J extends Item> implements Describable<Trigger<?>>, ExtensionPoint {
    @CheckForNull
    protected transient J job;

    protected Trigger(@NonNull String cronTabSpec) {
    }

    public final String getSpec() {
        throw new UnsupportedOperationException();
    }

    public void run() {
        throw new UnsupportedOperationException();
    }
}
