package io.jenkins.plugins.stackdrift;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.cloudbees.hudson.plugins.folder.AbstractFolder;
import com.cloudbees.hudson.plugins.folder.AbstractFolderProperty;
import com.cloudbees.hudson.plugins.folder.AbstractFolderPropertyDescriptor;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.Item;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * A folder's Stack Drift settings (the folder's Configure page, or Job DSL / JCasC {@code properties { stackDrift
 * { … } }}), as folder credentials are kept: credentials ids and lock scopes the jobs inside may use, tool paths and a
 * tool timeout. How they merge with the global configuration and the folders above:
 * {@link StackDriftGlobalConfiguration.Defaults#withFolders}. A folder's shared lock scopes let its jobs hold locks of
 * other folders, so only an administrator sets them (the same bound the global list has).
 */
public final class StackDriftFolderProperty extends AbstractFolderProperty<AbstractFolder<?>> {
    private ArrayList<String> allowedCredentials = new ArrayList<>();
    private ArrayList<String> sharedLockScopes = new ArrayList<>();
    private String terraformPath = "";
    private String tofuPath = "";
    private String pulumiPath = "";
    private String toolTimeout = "";

    @DataBoundConstructor
    public StackDriftFolderProperty() {
        // every setting is optional: @DataBoundSetter
    }

    /**
     * The layers of the folders around {@code job}, nearest first: each folder with these settings (the controller
     * itself is none).
     */
    public static List<FolderLayer> layersOf(final Item job) {
        List<FolderLayer> layers = new ArrayList<>();
        Object parent = ItemParents.of(job);
        while (parent instanceof Item folder) {
            if (folder instanceof AbstractFolder<?> withProperties) {
                StackDriftFolderProperty property = withProperties.getProperties().get(StackDriftFolderProperty.class);
                if (property != null) {
                    layers.add(property.layer(folder.getFullName()));
                }
            }
            parent = ItemParents.of(folder);
        }
        return layers;
    }

    /** These settings as the step merges them. */
    FolderLayer layer(final String folder) {
        Map<String, String> paths = new TreeMap<>();
        putIfSet(paths, "terraform", getTerraformPath());
        putIfSet(paths, "tofu", getTofuPath());
        putIfSet(paths, "pulumi", getPulumiPath());
        return new FolderLayer(folder, getAllowedCredentials(), getSharedLockScopes(), paths,
                GlobalFormCheck.toolTimeout(getToolTimeout()));
    }

    private static void putIfSet(final Map<String, String> map, final String key, final String value) {
        if (!value.isEmpty()) {
            map.put(key, value);
        }
    }

    /** One per line (the form's text area shows the list's text). */
    public List<String> getAllowedCredentials() {
        return new IdLines(allowedCredentials == null ? List.of() : allowedCredentials);
    }

    /** Credentials ids the stacks of the jobs in this folder (and its subfolders) may bind; one per line in the form. */
    @DataBoundSetter
    public void setAllowedCredentials(final List<String> ids) {
        this.allowedCredentials = GlobalFormCheck.idWords(ids);
    }

    /** One per line (the form's text area shows the list's text). */
    public List<String> getSharedLockScopes() {
        return new IdLines(sharedLockScopes == null ? List.of() : sharedLockScopes);
    }

    /**
     * Lock scopes outside their folders that the jobs in this folder may name. Only an administrator sets them (a form
     * submit or a Job DSL run by another user that lists any is refused), as for the global list.
     */
    @DataBoundSetter
    public void setSharedLockScopes(final List<String> scopes) {
        ArrayList<String> words = GlobalFormCheck.idWords(scopes);
        if (!words.isEmpty() && !JenkinsFacade.canAdminister()) {
            throw new IllegalArgumentException(Messages.folderLockScopesNeedAdminister());
        }
        this.sharedLockScopes = words;
    }

    public String getTerraformPath() {
        return terraformPath == null ? "" : terraformPath;
    }

    @DataBoundSetter
    public void setTerraformPath(final String path) {
        this.terraformPath = path == null ? "" : path.trim();
    }

    public String getTofuPath() {
        return tofuPath == null ? "" : tofuPath;
    }

    @DataBoundSetter
    public void setTofuPath(final String path) {
        this.tofuPath = path == null ? "" : path.trim();
    }

    public String getPulumiPath() {
        return pulumiPath == null ? "" : pulumiPath;
    }

    @DataBoundSetter
    public void setPulumiPath(final String path) {
        this.pulumiPath = path == null ? "" : path.trim();
    }

    public String getToolTimeout() {
        return toolTimeout == null ? "" : toolTimeout;
    }

    /** The longest plan or apply of one stack for the jobs in this folder ({@code 45m}, {@code 2h}); blank: not set. */
    @DataBoundSetter
    public void setToolTimeout(final String timeout) {
        this.toolTimeout = GlobalFormCheck.toolTimeoutWords(timeout);
    }

    /** The folder property's descriptor: offered on every kind of folder. */
    @Extension
    @Symbol("stackDrift")
    public static final class DescriptorImpl extends AbstractFolderPropertyDescriptor {
        @NonNull
        @Override
        public String getDisplayName() {
            return Messages.FolderProperty_displayName();
        }
    }
}
