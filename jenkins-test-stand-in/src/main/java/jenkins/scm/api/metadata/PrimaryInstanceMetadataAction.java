package jenkins.scm.api.metadata;

import java.io.Serializable;

import hudson.model.InvisibleAction;

public class PrimaryInstanceMetadataAction extends InvisibleAction implements Serializable {
}
