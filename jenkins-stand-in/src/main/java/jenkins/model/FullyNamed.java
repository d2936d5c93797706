package jenkins.model;

public interface FullyNamed {
    String getFullName();
}
