package io.jenkins.plugins.checks.api;

public abstract class ChecksPublisher {
    public abstract void publish(ChecksDetails details);
}
