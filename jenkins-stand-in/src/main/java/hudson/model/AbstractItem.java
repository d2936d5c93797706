package hudson.model;

import java.io.File;

import hudson.security.AccessControlled;
import jenkins.model.Loadable;
import org.kohsuke.stapler.HttpDeletable;
import org.kohsuke.stapler.StaplerProxy;

public abstract class AbstractItem extends Actionable implements Loadable, Item, HttpDeletable, AccessControlled, DescriptorByNameOwner,
        StaplerProxy {
    public File getRootDir() {
        throw new UnsupportedOperationException();
    }
}
