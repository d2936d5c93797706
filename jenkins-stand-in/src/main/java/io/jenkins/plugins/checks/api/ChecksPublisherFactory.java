package io.jenkins.plugins.checks.api;

import java.util.Optional;

import hudson.ExtensionPoint;
import hudson.model.Job;
import hudson.model.Run;
import hudson.model.TaskListener;

public abstract class ChecksPublisherFactory implements ExtensionPoint {
    protected Optional<ChecksPublisher> createPublisher(final Run<?, ?> run, final TaskListener listener) {
        throw new UnsupportedOperationException();
    }

    protected Optional<ChecksPublisher> createPublisher(final Job<?, ?> job, final TaskListener listener) {
        throw new UnsupportedOperationException();
    }

    public static ChecksPublisher fromRun(final Run<?, ?> run, final TaskListener listener) {
        throw new UnsupportedOperationException();
    }
}
