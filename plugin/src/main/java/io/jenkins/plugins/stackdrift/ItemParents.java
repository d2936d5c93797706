package io.jenkins.plugins.stackdrift;

import hudson.model.Item;
import hudson.model.ItemGroup;

/**
 * The parent of an item, asked in one place. In core, {@code AbstractItem.getParent()} carries a bridge method that
 * returns {@code Jenkins}, so a unit test cannot give a mocked job any other parent (Mockito takes the bridge's return
 * type as the method's); tests stub this instead.
 */
public final class ItemParents {
    private ItemParents() {
    }

    public static ItemGroup<? extends Item> of(final Item item) {
        return item.getParent();
    }
}
