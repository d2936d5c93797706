package jenkins.scm.api;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Actionable;
import hudson.model.InvisibleAction;

public class SCMRevisionAction extends InvisibleAction {
    @CheckForNull
    public static SCMRevision getRevision(@NonNull SCMSource source, @NonNull Actionable actionable) {
        throw new UnsupportedOperationException();
    }
}
