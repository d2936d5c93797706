package io.jenkins.plugins.checks.api;

import java.util.Optional;

public class ChecksOutput {
    public ChecksOutput(final ChecksOutput that) {
        throw new UnsupportedOperationException();
    }

    public Optional<String> getTitle() {
        throw new UnsupportedOperationException();
    }

    public Optional<String> getSummary() {
        throw new UnsupportedOperationException();
    }

    public Optional<String> getText() {
        throw new UnsupportedOperationException();
    }

    public static class ChecksOutputBuilder {
        public ChecksOutputBuilder() {
        }

        public ChecksOutputBuilder withTitle(final String title) {
            throw new UnsupportedOperationException();
        }

        public ChecksOutputBuilder withSummary(final String summary) {
            throw new UnsupportedOperationException();
        }

        public ChecksOutputBuilder withText(final String text) {
            throw new UnsupportedOperationException();
        }

        public ChecksOutput build() {
            throw new UnsupportedOperationException();
        }
    }
}
