package jenkins.model;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;
import net.sf.json.JSONObject;
import org.kohsuke.stapler.StaplerRequest2;

public abstract class GlobalConfiguration extends Descriptor<GlobalConfiguration> implements ExtensionPoint,
        Describable<GlobalConfiguration> {
    protected GlobalConfiguration() {
    }

    public boolean configure(StaplerRequest2 req, JSONObject json) throws FormException {
        throw new UnsupportedOperationException();
    }
}
