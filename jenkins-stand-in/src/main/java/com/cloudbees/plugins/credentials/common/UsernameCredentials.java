package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.Credentials;
import edu.umd.cs.findbugs.annotations.NonNull;

public interface UsernameCredentials extends Credentials {
    @NonNull
    String getUsername();

    default boolean isUsernameSecret() {
        throw new UnsupportedOperationException();
    }
}
