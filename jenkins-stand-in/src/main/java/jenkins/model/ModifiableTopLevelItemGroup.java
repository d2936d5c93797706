package jenkins.model;

import hudson.model.ModifiableItemGroup;
import hudson.model.TopLevelItem;

public interface ModifiableTopLevelItemGroup extends ModifiableItemGroup<TopLevelItem> {
}
