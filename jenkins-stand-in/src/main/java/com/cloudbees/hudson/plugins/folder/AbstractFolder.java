package com.cloudbees.hudson.plugins.folder;

import hudson.model.AbstractItem;
import hudson.model.ItemGroup;
import hudson.model.ModifiableViewGroup;
import hudson.model.TopLevelItem;
import hudson.util.DescribableList;
import jenkins.model.ModelObjectWithChildren;
import org.jenkins.ui.icon.IconSpec;
import org.kohsuke.stapler.StaplerFallback;
import org.kohsuke.stapler.StaplerOverridable;

public abstract class AbstractFolder<I extends TopLevelItem> extends AbstractItem
        implements TopLevelItem, ItemGroup<I>, ModifiableViewGroup, StaplerFallback, ModelObjectWithChildren, StaplerOverridable,
        IconSpec {
    public DescribableList<AbstractFolderProperty<?>, AbstractFolderPropertyDescriptor> getProperties() {
        throw new UnsupportedOperationException();
    }
}
