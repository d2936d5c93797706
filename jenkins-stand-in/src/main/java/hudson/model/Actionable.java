package hudson.model;

import jenkins.model.ModelObjectWithContextMenu;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean
public abstract class Actionable extends AbstractModelObject implements ModelObjectWithContextMenu {
    public boolean addOrReplaceAction(@NonNull Action a) {
        throw new UnsupportedOperationException();
    }

    public boolean removeActions(@NonNull Class<? extends Action> clazz) {
        throw new UnsupportedOperationException();
    }

    public <T extends Action> T getAction(Class<T> type) {
        throw new UnsupportedOperationException();
    }
}
