package hudson.model;

public interface Saveable {
}
