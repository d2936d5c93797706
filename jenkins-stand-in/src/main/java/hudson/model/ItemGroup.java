package hudson.model;

import java.util.Collection;

import jenkins.model.FullyNamed;
import jenkins.model.FullyNamedModelObject;

public interface ItemGroup<T extends Item> extends FullyNamed, FullyNamedModelObject, PersistenceRoot {
    Collection<T> getItems();
}
