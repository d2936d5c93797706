package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import jenkins.model.ModelObjectWithChildren;

public abstract class Label extends Actionable implements Comparable<Label>, ModelObjectWithChildren {
    protected Label(@NonNull String name) {
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
