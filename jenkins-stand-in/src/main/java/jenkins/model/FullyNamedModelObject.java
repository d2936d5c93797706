package jenkins.model;

import hudson.model.ModelObject;

public interface FullyNamedModelObject extends ModelObject {
}
