package hudson.model;

import java.util.List;

import edu.umd.cs.findbugs.annotations.NonNull;
import jenkins.model.ModelObjectWithContextMenu;
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

    public @NonNull <T extends Action> List<T> getActions(Class<T> type) {
        throw new UnsupportedOperationException();
    }

    public final @NonNull List<? extends Action> getAllActions() {
        throw new UnsupportedOperationException();
    }

    public void addAction(@NonNull Action a) {
        throw new UnsupportedOperationException();
    }
}
