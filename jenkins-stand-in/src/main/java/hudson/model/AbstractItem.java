package hudson.model;

import java.io.File;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.security.AccessControlled;
import jenkins.model.Loadable;
import org.kohsuke.stapler.HttpDeletable;
import org.kohsuke.stapler.StaplerProxy;

public abstract class AbstractItem extends Actionable implements Loadable, Item, HttpDeletable, AccessControlled, DescriptorByNameOwner,
        StaplerProxy {
    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    public File getRootDir() {
        throw new UnsupportedOperationException();
    }

    @NonNull
    @Override
    public final String getFullName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public final String getUrl() {
        throw new UnsupportedOperationException();
    }
}
