package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.security.AccessControlled;
import hudson.security.Permission;

public interface Item extends AccessControlled {
    @NonNull
    String getFullName();

    String getUrl();

    Permission BUILD = null;
}
