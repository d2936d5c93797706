package hudson.security;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import jenkins.model.IdStrategy;

public abstract class SecurityRealm implements Describable<SecurityRealm>, ExtensionPoint {
    public IdStrategy getUserIdStrategy() {
        throw new UnsupportedOperationException();
    }

    public IdStrategy getGroupIdStrategy() {
        throw new UnsupportedOperationException();
    }
}
