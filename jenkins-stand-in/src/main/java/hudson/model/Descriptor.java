package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;

public abstract class Descriptor<T extends Describable<T>> {
    protected Descriptor() {
    }

    @NonNull
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    public synchronized void save() {
        throw new UnsupportedOperationException();
    }

    public synchronized void load() {
        throw new UnsupportedOperationException();
    }
}
