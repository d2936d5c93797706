package jenkins.model;

public interface FullyNamed {
}
