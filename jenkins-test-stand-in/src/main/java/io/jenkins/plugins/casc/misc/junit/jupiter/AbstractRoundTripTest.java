package io.jenkins.plugins.casc.misc.junit.jupiter;

import java.nio.file.Path;

import org.jvnet.hudson.test.JenkinsRule;

// the real class is @WithJenkins and its roundTripTest a JUnit @Test: left out, nothing runs an ITest in this build
public abstract class AbstractRoundTripTest {
    public Path tempFolder;

    protected abstract void assertConfiguredAsExpected(JenkinsRule j, String configContent);

    protected String configResource() {
        throw new UnsupportedOperationException();
    }

    protected abstract String stringInLogExpected();

    public void roundTripTest(JenkinsRule r) throws Throwable {
        throw new UnsupportedOperationException();
    }
}
