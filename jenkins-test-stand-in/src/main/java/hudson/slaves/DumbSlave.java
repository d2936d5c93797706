package hudson.slaves;

import hudson.FilePath;
import hudson.model.Node;
import hudson.model.TopLevelItem;

// a Slave (lenient supertypes: the stand-in names the indirect supertype Node); only what the ITests use
public final class DumbSlave extends Node {
    public FilePath getWorkspaceFor(TopLevelItem item) {
        throw new UnsupportedOperationException();
    }
}
