package org.jvnet.hudson.test.junit.jupiter;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

public class BuildWatcherExtension implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(@NonNull ExtensionContext extensionContext) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void afterAll(@NonNull ExtensionContext extensionContext) {
        throw new UnsupportedOperationException();
    }
}
