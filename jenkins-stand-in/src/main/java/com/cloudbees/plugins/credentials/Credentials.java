package com.cloudbees.plugins.credentials;

import hudson.ExtensionPoint;

import hudson.model.Describable;

import java.io.Serializable;

public interface Credentials extends Describable<Credentials>, Serializable, ExtensionPoint {
}
