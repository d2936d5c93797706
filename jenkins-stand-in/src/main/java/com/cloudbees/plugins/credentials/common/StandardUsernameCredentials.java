package com.cloudbees.plugins.credentials.common;

public interface StandardUsernameCredentials extends StandardCredentials, UsernameCredentials {
}
