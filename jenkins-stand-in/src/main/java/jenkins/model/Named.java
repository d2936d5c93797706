package jenkins.model;

public interface Named {
}
