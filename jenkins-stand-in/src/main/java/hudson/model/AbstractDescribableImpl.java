package hudson.model;

@Deprecated(since = "2.505")
public abstract class AbstractDescribableImpl<T extends AbstractDescribableImpl<T>> implements Describable<T> {
}
