package com.cloudbees.plugins.credentials;

import java.io.Serializable;

import hudson.ExtensionPoint;
import hudson.model.Describable;

public interface Credentials extends Describable<Credentials>, Serializable, ExtensionPoint {
}
