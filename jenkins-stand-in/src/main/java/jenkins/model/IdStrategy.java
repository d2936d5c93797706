package jenkins.model;

import java.util.Comparator;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Describable;

public abstract class IdStrategy implements Describable<IdStrategy>, ExtensionPoint, Comparator<String> {
    public boolean equals(@NonNull String id1, @NonNull String id2) {
        throw new UnsupportedOperationException();
    }
}
