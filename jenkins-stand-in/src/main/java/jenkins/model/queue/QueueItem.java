package jenkins.model.queue;

import jenkins.model.FullyNamedModelObject;

public interface QueueItem extends FullyNamedModelObject {
}
