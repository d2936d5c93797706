package jenkins.model;

public interface Loadable {
}
