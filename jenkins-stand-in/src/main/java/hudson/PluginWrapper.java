package hudson;

import hudson.model.ModelObject;
import org.kohsuke.stapler.export.Exported;

public class PluginWrapper implements Comparable<PluginWrapper>, ModelObject {
    @Exported
    public boolean isActive() {
        throw new UnsupportedOperationException();
    }

    @Override
    public int compareTo(PluginWrapper other) {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }
}
