package jenkins.branch;

import hudson.model.AbstractDescribableImpl;
import jenkins.scm.api.SCMSource;

public class BranchSource extends AbstractDescribableImpl<BranchSource> {
    public BranchSource(SCMSource source) {
    }
}
