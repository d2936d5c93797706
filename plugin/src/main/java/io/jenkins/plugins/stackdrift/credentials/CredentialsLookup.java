package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.util.Optional;

import com.cloudbees.plugins.credentials.common.StandardCredentials;

/** Finds a credential by id in the context of the running build. */
@FunctionalInterface
public interface CredentialsLookup {
    Optional<StandardCredentials> find(String id) throws IOException;
}
