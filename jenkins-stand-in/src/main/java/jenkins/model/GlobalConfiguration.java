package jenkins.model;

import hudson.model.Describable;
import hudson.model.Descriptor;

public abstract class GlobalConfiguration extends Descriptor<GlobalConfiguration> implements Describable<GlobalConfiguration> {
    protected GlobalConfiguration() {
    }
}
