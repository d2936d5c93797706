package org.jenkinsci.plugins.workflow.actions;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Result;

public class WarningAction implements PersistentAction {
    public WarningAction(@NonNull Result result) {
    }

    public WarningAction withMessage(String message) {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull String getMessage() {
        throw new UnsupportedOperationException();
    }

    public @NonNull Result getResult() {
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
}
