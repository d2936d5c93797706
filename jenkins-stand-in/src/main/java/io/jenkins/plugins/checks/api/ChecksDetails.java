package io.jenkins.plugins.checks.api;

import java.util.Optional;

public class ChecksDetails {
    public Optional<String> getName() {
        throw new UnsupportedOperationException();
    }

    public ChecksStatus getStatus() {
        throw new UnsupportedOperationException();
    }

    public ChecksConclusion getConclusion() {
        throw new UnsupportedOperationException();
    }

    public Optional<ChecksOutput> getOutput() {
        throw new UnsupportedOperationException();
    }

    public static class ChecksDetailsBuilder {
        public ChecksDetailsBuilder() {
        }

        public ChecksDetailsBuilder withName(final String name) {
            throw new UnsupportedOperationException();
        }

        public ChecksDetailsBuilder withStatus(final ChecksStatus status) {
            throw new UnsupportedOperationException();
        }

        public ChecksDetailsBuilder withConclusion(final ChecksConclusion conclusion) {
            throw new UnsupportedOperationException();
        }

        public ChecksDetailsBuilder withOutput(final ChecksOutput output) {
            throw new UnsupportedOperationException();
        }

        public ChecksDetails build() {
            throw new UnsupportedOperationException();
        }
    }
}
