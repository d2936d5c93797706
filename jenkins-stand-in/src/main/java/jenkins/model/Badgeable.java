package jenkins.model;

public interface Badgeable {
}
