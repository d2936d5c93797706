package jenkins.scm.impl.mock;

import jenkins.scm.api.trait.SCMSourceTrait;

public class MockSCMDiscoverBranches extends SCMSourceTrait {
    public MockSCMDiscoverBranches() {
    }
}
