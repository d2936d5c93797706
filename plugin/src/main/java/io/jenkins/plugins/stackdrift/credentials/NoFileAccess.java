package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;

/**
 * The SCM source offers no lightweight access to a revision's files (scm-api's {@code SCMFileSystem} has none for it):
 * the trusted configuration cannot be read without checking the revision out, which Stack Drift does not do.
 */
public final class NoFileAccess extends IOException {
    private static final long serialVersionUID = 1L;

    public NoFileAccess(final String message) {
        super(message);
    }
}
