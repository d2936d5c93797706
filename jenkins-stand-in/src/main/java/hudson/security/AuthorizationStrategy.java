package hudson.security;

import hudson.ExtensionPoint;
import hudson.model.Describable;

public abstract class AuthorizationStrategy implements Describable<AuthorizationStrategy>, ExtensionPoint {
}
