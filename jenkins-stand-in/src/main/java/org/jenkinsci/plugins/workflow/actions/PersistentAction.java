package org.jenkinsci.plugins.workflow.actions;

import hudson.model.Action;

public interface PersistentAction extends Action {
}
