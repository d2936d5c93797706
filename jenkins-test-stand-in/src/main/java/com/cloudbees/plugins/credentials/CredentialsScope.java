package com.cloudbees.plugins.credentials;

import java.io.Serializable;

public enum CredentialsScope implements Serializable {
    SYSTEM,
    GLOBAL,
    USER
}
