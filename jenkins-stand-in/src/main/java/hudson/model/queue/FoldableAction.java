package hudson.model.queue;

import hudson.model.Action;

public interface FoldableAction extends Action {
}
