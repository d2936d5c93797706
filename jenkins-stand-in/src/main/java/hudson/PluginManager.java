package hudson;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.AbstractModelObject;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.StaplerOverridable;
import org.kohsuke.stapler.StaplerProxy;

public abstract class PluginManager extends AbstractModelObject implements OnMaster, StaplerOverridable, StaplerProxy {
    @CheckForNull
    public PluginWrapper getPlugin(String shortName) {
        throw new UnsupportedOperationException();
    }
}
