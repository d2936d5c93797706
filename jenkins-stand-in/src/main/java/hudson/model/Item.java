package hudson.model;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.search.SearchableModelObject;
import hudson.security.AccessControlled;
import hudson.security.Permission;
import jenkins.model.FullyNamed;
import jenkins.model.FullyNamedModelObject;
import jenkins.model.Named;
import jenkins.util.io.OnMaster;

public interface Item extends PersistenceRoot, FullyNamedModelObject, SearchableModelObject, FullyNamed, Named, AccessControlled, OnMaster {
    ItemGroup<? extends Item> getParent();

    @NonNull
    String getFullName();

    String getUrl();

    // a value, not null: SpotBugs in the stand-in build must not see a constant null where core has a Permission
    Permission BUILD = new Permission();

    Permission CONFIGURE = new Permission();

    Permission READ = new Permission();
}
