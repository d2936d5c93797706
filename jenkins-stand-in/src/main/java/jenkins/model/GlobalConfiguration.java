package jenkins.model;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;

public abstract class GlobalConfiguration extends Descriptor<GlobalConfiguration> implements ExtensionPoint,
        Describable<GlobalConfiguration> {
    protected GlobalConfiguration() {
    }
}
