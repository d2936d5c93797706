package hudson.tasks;

public interface BuildStep {
}
