package org.jenkinsci.plugins.plaincredentials;

import com.cloudbees.plugins.credentials.common.StandardCredentials;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.util.Secret;

public interface StringCredentials extends StandardCredentials {
    @NonNull
    Secret getSecret();
}
