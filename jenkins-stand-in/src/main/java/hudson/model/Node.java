package hudson.model;

import hudson.security.AccessControlled;
import hudson.ExtensionPoint;
import jenkins.util.io.OnMaster;

public abstract class Node extends AbstractModelObject implements ReconfigurableDescribable<Node>, ExtensionPoint, AccessControlled, OnMaster, PersistenceRoot {
}
