package com.cloudbees.plugins.credentials.common;

public interface StandardUsernamePasswordCredentials extends StandardUsernameCredentials, UsernamePasswordCredentials {
}
