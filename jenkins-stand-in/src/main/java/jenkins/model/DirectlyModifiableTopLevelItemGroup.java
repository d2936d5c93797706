package jenkins.model;

public interface DirectlyModifiableTopLevelItemGroup extends ModifiableTopLevelItemGroup {
}
