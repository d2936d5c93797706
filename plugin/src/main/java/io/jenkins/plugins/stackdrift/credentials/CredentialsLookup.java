package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.util.Optional;

import com.cloudbees.plugins.credentials.common.StandardCredentials;

/**
 * Finds a credential in the context of the running build: only by an id an allow-list written on the controller
 * names ({@link AllowedId}), never by a string an agent reported.
 */
@FunctionalInterface
public interface CredentialsLookup {
    Optional<StandardCredentials> find(AllowedId id) throws IOException;
}
