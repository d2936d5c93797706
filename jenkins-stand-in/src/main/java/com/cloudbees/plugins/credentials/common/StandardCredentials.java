package com.cloudbees.plugins.credentials.common;

import edu.umd.cs.findbugs.annotations.NonNull;

public interface StandardCredentials extends IdCredentials {
    @NonNull
    String getDescription();
}
