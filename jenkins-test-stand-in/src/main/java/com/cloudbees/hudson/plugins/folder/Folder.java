package com.cloudbees.hudson.plugins.folder;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.ItemGroup;
import hudson.model.TopLevelItem;
import jenkins.model.DirectlyModifiableTopLevelItemGroup;

// the members below are those of Folder and, for getParent, of AbstractItem in core (lenient supertypes)
public class Folder extends AbstractFolder<TopLevelItem> implements DirectlyModifiableTopLevelItemGroup {
    // raw, as AbstractItem's in core
    @Override public @NonNull ItemGroup getParent() {
        throw new UnsupportedOperationException();
    }

    public <T extends TopLevelItem> T createProject(@NonNull Class<T> type, @NonNull String name) throws IOException {
        throw new UnsupportedOperationException();
    }
}
