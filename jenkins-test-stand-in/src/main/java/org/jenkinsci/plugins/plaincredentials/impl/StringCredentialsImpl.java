package org.jenkinsci.plugins.plaincredentials.impl;

import com.cloudbees.plugins.credentials.CredentialsScope;
import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.util.Secret;
import org.jenkinsci.plugins.plaincredentials.StringCredentials;
import org.kohsuke.stapler.DataBoundConstructor;

// a BaseStandardCredentials (lenient supertypes: left out)
public final class StringCredentialsImpl implements StringCredentials {
    @DataBoundConstructor public StringCredentialsImpl(@CheckForNull CredentialsScope scope, @CheckForNull String id,
            @CheckForNull String description, @NonNull Secret secret) {
    }

    @Override public Secret getSecret() {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public String getDescription() {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public String getId() {
        throw new UnsupportedOperationException();
    }
}
