package com.cloudbees.hudson.plugins.folder;

import hudson.model.Descriptor;

public abstract class AbstractFolderPropertyDescriptor extends Descriptor<AbstractFolderProperty<?>> {
}
