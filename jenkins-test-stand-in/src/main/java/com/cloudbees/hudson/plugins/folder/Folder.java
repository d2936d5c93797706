package com.cloudbees.hudson.plugins.folder;

import java.io.IOException;
import java.util.Collection;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.ItemGroup;
import hudson.model.TopLevelItem;

// cloudbees-folder's folder, a test-only type here (lenient supertypes: its DirectlyModifiableTopLevelItemGroup left out);
// the members of AbstractFolder and AbstractItem the ITests call are declared here
public class Folder extends AbstractFolder<TopLevelItem> {
    public Folder(ItemGroup parent, String name) {
    }

    // raw, as AbstractItem's in core
    @Override public @NonNull ItemGroup getParent() {
        throw new UnsupportedOperationException();
    }

    @Override
    public Collection<TopLevelItem> getItems() {
        throw new UnsupportedOperationException();
    }

    public void addProperty(AbstractFolderProperty p) throws IOException {
        throw new UnsupportedOperationException();
    }

    public <T extends TopLevelItem> T createProject(@NonNull Class<T> type, @NonNull String name) throws IOException {
        throw new UnsupportedOperationException();
    }
}
