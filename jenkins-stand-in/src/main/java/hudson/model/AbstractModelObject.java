package hudson.model;

import hudson.search.SearchableModelObject;

public abstract class AbstractModelObject implements SearchableModelObject {
}
