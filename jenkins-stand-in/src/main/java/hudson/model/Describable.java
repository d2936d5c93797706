package hudson.model;

public interface Describable<T extends Describable<T>> {
    default Descriptor<T> getDescriptor() {
        throw new UnsupportedOperationException();
    }
}
