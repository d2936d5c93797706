package org.jenkinsci.remoting;

public abstract class RoleChecker {
}
