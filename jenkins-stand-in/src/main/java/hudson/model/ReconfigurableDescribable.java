package hudson.model;

public interface ReconfigurableDescribable<T extends ReconfigurableDescribable<T>> extends Describable<T> {
}
