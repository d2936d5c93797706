package hudson.util;

import hudson.model.Describable;
import hudson.model.Descriptor;

public class DescribableList<T extends Describable<T>, D extends Descriptor<T>> extends PersistedList<T> {
    @Override
    public <U extends T> U get(Class<U> type) {
        throw new UnsupportedOperationException();
    }
}
