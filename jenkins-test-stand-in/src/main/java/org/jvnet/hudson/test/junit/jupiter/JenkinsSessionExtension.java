package org.jvnet.hudson.test.junit.jupiter;

import java.io.File;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.jvnet.hudson.test.fixtures.JenkinsSessionFixture;

public class JenkinsSessionExtension implements BeforeEachCallback, AfterEachCallback {
    public File getHome() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void beforeEach(@NonNull ExtensionContext context) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void afterEach(@NonNull ExtensionContext context) {
        throw new UnsupportedOperationException();
    }

    @FunctionalInterface
    public interface Step extends JenkinsSessionFixture.Step {}

    public void then(Step s) throws Throwable {
        throw new UnsupportedOperationException();
    }
}
