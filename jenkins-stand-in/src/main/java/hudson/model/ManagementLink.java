package hudson.model;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.security.Permission;

public abstract class ManagementLink implements ExtensionPoint, Action {
    @Override
    public abstract @CheckForNull String getIconFileName();

    public String getDescription() {
        throw new UnsupportedOperationException();
    }

    @Override
    public abstract @CheckForNull String getUrlName();

    public @NonNull Permission getRequiredPermission() {
        throw new UnsupportedOperationException();
    }

    public @NonNull Category getCategory() {
        throw new UnsupportedOperationException();
    }

    public enum Category {
        CONFIGURATION,
        SECURITY,
        STATUS,
        TROUBLESHOOTING,
        TOOLS,
        MISC,
        UNCATEGORIZED
    }
}
