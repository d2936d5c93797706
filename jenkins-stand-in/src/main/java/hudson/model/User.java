package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.security.AccessControlled;
import jenkins.model.Loadable;
import jenkins.model.ModelObjectWithContextMenu;
import org.kohsuke.stapler.StaplerProxy;

public class User extends AbstractModelObject implements AccessControlled, DescriptorByNameOwner, Loadable, Saveable, Comparable<User>,
        ModelObjectWithContextMenu, StaplerProxy {
    @Override
    public int compareTo(@NonNull User that) {
        throw new UnsupportedOperationException();
    }

    public String getId() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }
}
