package jenkins.model.queue;

import jenkins.model.FullyNamedModelObject;

public interface ITask extends FullyNamedModelObject {
}
