package hudson.model;

import hudson.ExtensionPoint;
import hudson.tasks.BuildStep;

public abstract class JobProperty<J extends Job<?, ?>> implements ReconfigurableDescribable<JobProperty<?>>, BuildStep, ExtensionPoint {
    public JobPropertyDescriptor getDescriptor() {
        throw new UnsupportedOperationException();
    }
}
