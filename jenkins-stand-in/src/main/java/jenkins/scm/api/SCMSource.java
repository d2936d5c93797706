package jenkins.scm.api;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;
import hudson.model.Item;
import hudson.model.TaskListener;

public abstract class SCMSource extends AbstractDescribableImpl<SCMSource> implements ExtensionPoint {
    @NonNull
    public SCMRevision getTrustedRevision(@NonNull SCMRevision revision, @NonNull TaskListener listener)
            throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    public abstract static class SourceByItem implements ExtensionPoint {
        @CheckForNull
        public abstract SCMSource getSource(Item item);

        @CheckForNull
        public static SCMSource findSource(Item item) {
            throw new UnsupportedOperationException();
        }
    }
}
