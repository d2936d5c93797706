package com.cloudbees.plugins.credentials.common;

public interface UsernamePasswordCredentials extends UsernameCredentials, PasswordCredentials {
}
