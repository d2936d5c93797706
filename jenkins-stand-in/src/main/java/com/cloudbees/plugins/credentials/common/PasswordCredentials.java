package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.Credentials;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.util.Secret;

public interface PasswordCredentials extends Credentials {
    @NonNull
    Secret getPassword();
}
