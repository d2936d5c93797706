package hudson.model;

import hudson.search.SearchableModelObject;

import jenkins.util.io.OnMaster;

import jenkins.model.Named;

import jenkins.model.FullyNamedModelObject;

import jenkins.model.FullyNamed;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.security.AccessControlled;
import hudson.security.Permission;

public interface Item extends PersistenceRoot, FullyNamedModelObject, SearchableModelObject, FullyNamed, Named, AccessControlled, OnMaster {
    @NonNull
    String getFullName();

    String getUrl();

    // a value, not null: SpotBugs in the stand-in build must not see a constant null where core has a Permission
    Permission BUILD = new Permission();

    Permission CONFIGURE = new Permission();
}
