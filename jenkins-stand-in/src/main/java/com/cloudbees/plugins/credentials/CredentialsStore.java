package com.cloudbees.plugins.credentials;

import java.io.IOException;

import com.cloudbees.plugins.credentials.domains.Domain;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.model.Saveable;
import hudson.security.AccessControlled;

public abstract class CredentialsStore implements AccessControlled, Saveable {
    public abstract boolean addCredentials(@NonNull Domain domain, @NonNull Credentials credentials) throws IOException;
}
