package jenkins.scm.impl.mock;

public enum MockRepositoryFlags {
    TRUST_AWARE
}
