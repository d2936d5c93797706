package jenkins.model;

import java.io.File;
import java.io.IOException;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import edu.umd.cs.findbugs.annotations.Nullable;
import hudson.ExtensionList;
import hudson.PluginManager;
import hudson.model.AbstractCIBase;
import hudson.model.Descriptor;
import hudson.model.DescriptorByNameOwner;
import hudson.model.Item;
import hudson.model.ModifiableViewGroup;
import hudson.model.TopLevelItem;
import hudson.model.labels.LabelAtom;
import hudson.security.AccessControlled;
import hudson.security.AuthorizationStrategy;
import hudson.security.Permission;
import hudson.security.SecurityRealm;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.StaplerFallback;
import org.kohsuke.stapler.StaplerProxy;
import org.kohsuke.stapler.export.ExportedBean;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.Authentication;

@ExportedBean
public class Jenkins extends AbstractCIBase implements DirectlyModifiableTopLevelItemGroup, StaplerProxy, StaplerFallback,
        ModifiableViewGroup, AccessControlled, DescriptorByNameOwner, ModelObjectWithContextMenu, ModelObjectWithChildren,
        OnMaster, Loadable {
    @NonNull
    // a value, not null (see Item.BUILD)
    public static final Permission ADMINISTER = new Permission();

    // a value, not null (see Item.BUILD)
    public static final Permission READ = new Permission();

    public <T extends Descriptor> T getDescriptorByType(Class<T> type) {
        throw new UnsupportedOperationException();
    }

    public @Nullable LabelAtom getLabelAtom(@CheckForNull String name) {
        throw new UnsupportedOperationException();
    }

    public void setSecurityRealm(@CheckForNull SecurityRealm securityRealm) {
        throw new UnsupportedOperationException();
    }

    public void setAuthorizationStrategy(@CheckForNull AuthorizationStrategy a) {
        throw new UnsupportedOperationException();
    }

    public synchronized <T extends TopLevelItem> T createProject(@NonNull Class<T> type, @NonNull String name) throws IOException {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull <T extends Item> T getItemByFullName(@NonNull String fullName, Class<T> type) throws AccessDeniedException {
        throw new UnsupportedOperationException();
    }

    public File getRootDir() {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<TopLevelItem> getItems() {
        throw new UnsupportedOperationException();
    }

    @CheckForNull
    public static Jenkins getInstanceOrNull() {
        throw new UnsupportedOperationException();
    }

    public boolean isTerminating() {
        throw new UnsupportedOperationException();
    }

    public static Jenkins get() throws IllegalStateException {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getFullName() {
        throw new UnsupportedOperationException();
    }

    public <T> ExtensionList<T> getExtensionList(Class<T> extensionType) {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public PluginManager getPluginManager() {
        throw new UnsupportedOperationException();
    }

    public static @NonNull Authentication getAuthentication2() {
        throw new UnsupportedOperationException();
    }

    public boolean isUseSecurity() {
        throw new UnsupportedOperationException();
    }

    public SecurityRealm getSecurityRealm() {
        throw new UnsupportedOperationException();
    }
}
