package jenkins.scm.impl.mock;

import jenkins.scm.api.SCMSource;
import jenkins.scm.api.trait.SCMSourceTrait;

public class MockSCMSource extends SCMSource {
    public MockSCMSource(MockSCMController controller, String repository, SCMSourceTrait... traits) {
    }
}
