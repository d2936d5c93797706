package hudson.model;

import hudson.security.AccessControlled;

public interface ViewGroup extends Saveable, ModelObject, AccessControlled {
}
