package org.jenkinsci.plugins.workflow.steps;

import org.jvnet.hudson.test.JenkinsRule;

public final class StepConfigTester {
    public StepConfigTester(JenkinsRule rule) {
    }

    public <S extends Step> S configRoundTrip(S before) throws Exception {
        throw new UnsupportedOperationException();
    }
}
