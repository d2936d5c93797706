package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import jenkins.model.ModelObjectWithChildren;

public abstract class Label extends Actionable implements Comparable<Label>, ModelObjectWithChildren {
    protected Label(@NonNull String name) {
    }

    public final String getName() {
        throw new UnsupportedOperationException();
    }

    public int getTotalExecutors() {
        throw new UnsupportedOperationException();
    }

    public int getBusyExecutors() {
        throw new UnsupportedOperationException();
    }

    @Override
    @NonNull
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public final int compareTo(Label that) {
        throw new UnsupportedOperationException();
    }
}
