package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.Credentials;
import edu.umd.cs.findbugs.annotations.NonNull;

public interface IdCredentials extends Credentials {
    @NonNull
    String getId();
}
