package jenkins.scm.api;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.ExtensionPoint;
import hudson.model.Item;
import jenkins.scm.api.mixin.SCMHeadMixin;

public class SCMHead implements SCMHeadMixin {
    @Override
    public int compareTo(SCMHead o) {
        throw new UnsupportedOperationException();
    }

    public abstract static class HeadByItem implements ExtensionPoint {
        @CheckForNull
        public abstract SCMHead getHead(Item item);

        @CheckForNull
        public static SCMHead findHead(Item item) {
            throw new UnsupportedOperationException();
        }
    }
}
