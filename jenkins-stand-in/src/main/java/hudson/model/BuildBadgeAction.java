package hudson.model;

public interface BuildBadgeAction extends Action {
}
