package com.cloudbees.hudson.plugins.folder;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;
import hudson.model.ReconfigurableDescribable;

public abstract class AbstractFolderProperty<C extends AbstractFolder<?>> extends AbstractDescribableImpl<AbstractFolderProperty<?>>
        implements ExtensionPoint, ReconfigurableDescribable<AbstractFolderProperty<?>> {
}
