package jenkins.triggers;

import java.util.Collection;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Item;
import hudson.scm.SCM;

public interface SCMTriggerItem {
    @NonNull Collection<? extends SCM> getSCMs();

    class SCMTriggerItems {
        public static @CheckForNull SCMTriggerItem asSCMTriggerItem(Item item) {
            throw new UnsupportedOperationException();
        }
    }
}
