package jenkins.model;

import hudson.model.ModelObject;

public interface ModelObjectWithContextMenu extends ModelObject {
}
