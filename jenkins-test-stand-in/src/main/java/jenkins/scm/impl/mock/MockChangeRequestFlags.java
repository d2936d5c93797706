package jenkins.scm.impl.mock;

import java.util.Set;

public enum MockChangeRequestFlags {
    UNTRUSTED {
        @Override
        public boolean isApplicable(Set<MockRepositoryFlags> flags) {
            throw new UnsupportedOperationException();
        }
    };

    public abstract boolean isApplicable(Set<MockRepositoryFlags> flags);
}
