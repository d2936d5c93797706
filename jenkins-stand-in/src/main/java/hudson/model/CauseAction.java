package hudson.model;

import java.util.List;

import hudson.model.queue.FoldableAction;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean
public class CauseAction implements FoldableAction, RunAction2 {
    public CauseAction(Cause c) {
    }

    public CauseAction(Cause... c) {
    }

    @Exported(visibility = 2)
    public List<Cause> getCauses() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getIconFileName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getUrlName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void onLoad(Run<?, ?> owner) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void onAttached(Run<?, ?> owner) {
        throw new UnsupportedOperationException();
    }
}
