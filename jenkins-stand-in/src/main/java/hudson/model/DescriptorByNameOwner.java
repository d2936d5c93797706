package hudson.model;

public interface DescriptorByNameOwner extends ModelObject {
}
