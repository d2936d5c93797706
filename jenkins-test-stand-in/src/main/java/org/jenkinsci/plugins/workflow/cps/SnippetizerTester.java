package org.jenkinsci.plugins.workflow.cps;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Describable;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jvnet.hudson.test.JenkinsRule;

public class SnippetizerTester {
    public SnippetizerTester(JenkinsRule r) {
    }

    public void assertGenerateSnippet(@NonNull String json, @NonNull String responseText, @CheckForNull String referer)
            throws Exception {
        throw new UnsupportedOperationException();
    }

    public void assertRoundTrip(Step step, String expected) throws Exception {
        throw new UnsupportedOperationException();
    }

    public static void assertDocGeneration(Class<? extends Describable> describableClass) throws Exception {
        throw new UnsupportedOperationException();
    }
}
