package io.jenkins.plugins.stackdrift.checks;

/** Where a step's check goes: the Checks API plugin ({@link ChecksApiPublisher}), or a test's list. */
public interface CheckPublisher {
    void publish(StepCheck check);
}
