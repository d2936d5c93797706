package jenkins;

import jenkins.agents.ControllerToAgentFileCallable;

public abstract class MasterToSlaveFileCallable<T> implements ControllerToAgentFileCallable<T> {
    private static final long serialVersionUID = 1L;
}
