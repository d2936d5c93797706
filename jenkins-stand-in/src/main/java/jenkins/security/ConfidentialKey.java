package jenkins.security;

public abstract class ConfidentialKey {
    protected ConfidentialKey(String id) {
    }
}
