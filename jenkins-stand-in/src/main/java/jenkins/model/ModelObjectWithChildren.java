package jenkins.model;

import hudson.model.ModelObject;

public interface ModelObjectWithChildren extends ModelObject {
}
