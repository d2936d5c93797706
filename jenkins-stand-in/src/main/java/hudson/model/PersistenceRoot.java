package hudson.model;

public interface PersistenceRoot extends Saveable {
}
