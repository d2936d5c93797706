package hudson.model;

public interface ModifiableViewGroup extends ViewGroup {
}
