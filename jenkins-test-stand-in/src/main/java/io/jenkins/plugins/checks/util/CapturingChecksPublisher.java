package io.jenkins.plugins.checks.util;

import java.util.List;
import java.util.Optional;

import hudson.model.Job;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.checks.api.ChecksDetails;
import io.jenkins.plugins.checks.api.ChecksPublisher;
import io.jenkins.plugins.checks.api.ChecksPublisherFactory;

public class CapturingChecksPublisher extends ChecksPublisher {
    @Override
    public void publish(final ChecksDetails details) {
        throw new UnsupportedOperationException();
    }

    public static class Factory extends ChecksPublisherFactory {
        @Override
        protected Optional<ChecksPublisher> createPublisher(final Run<?, ?> run, final TaskListener listener) {
            throw new UnsupportedOperationException();
        }

        @Override
        protected Optional<ChecksPublisher> createPublisher(final Job<?, ?> job, final TaskListener listener) {
            throw new UnsupportedOperationException();
        }

        public List<ChecksDetails> getPublishedChecks() {
            throw new UnsupportedOperationException();
        }
    }
}
