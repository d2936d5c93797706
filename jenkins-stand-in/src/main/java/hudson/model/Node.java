package hudson.model;

import hudson.ExtensionPoint;
import hudson.security.AccessControlled;
import jenkins.util.io.OnMaster;

public abstract class Node extends AbstractModelObject implements ReconfigurableDescribable<Node>, ExtensionPoint, AccessControlled,
        OnMaster, PersistenceRoot {
    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

}
