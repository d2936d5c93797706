package jenkins.scm.impl.mock;

import jenkins.scm.api.mixin.ChangeRequestCheckoutStrategy;
import jenkins.scm.api.trait.SCMSourceTrait;

public class MockSCMDiscoverChangeRequests extends SCMSourceTrait {
    public MockSCMDiscoverChangeRequests(ChangeRequestCheckoutStrategy... strategies) {
    }

    public MockSCMDiscoverChangeRequests(String strategiesStr) {
    }
}
