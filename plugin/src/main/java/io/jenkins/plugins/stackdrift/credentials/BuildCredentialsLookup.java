package io.jenkins.plugins.stackdrift.credentials;

import java.util.Optional;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.common.StandardCredentials;
import hudson.model.Run;

/**
 * Resolves ids with the credentials plugin in the context of the build, so folder-scoped credentials
 * work, and records the usage (findCredentialById only tracks parameter lookups, so we track ourselves).
 */
public final class BuildCredentialsLookup implements CredentialsLookup {
    private final Run<?, ?> run;

    public BuildCredentialsLookup(final Run<?, ?> run) {
        this.run = run;
    }

    @Override
    public Optional<StandardCredentials> find(final AllowedId id) {
        StandardCredentials found = CredentialsProvider.findCredentialById(id.value(), StandardCredentials.class, run);
        if (found != null) {
            CredentialsProvider.track(run, found);
        }
        return Optional.ofNullable(found);
    }
}
