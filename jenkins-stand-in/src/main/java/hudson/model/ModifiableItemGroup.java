package hudson.model;

public interface ModifiableItemGroup<T extends Item> extends ItemGroup<T> {
}
