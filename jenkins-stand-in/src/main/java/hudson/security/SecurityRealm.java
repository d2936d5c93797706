package hudson.security;

import hudson.ExtensionPoint;
import hudson.model.Describable;

public abstract class SecurityRealm implements Describable<SecurityRealm>, ExtensionPoint {
}
