package com.cloudbees.plugins.credentials;

import java.io.Serializable;

public interface Credentials extends Serializable {
}
