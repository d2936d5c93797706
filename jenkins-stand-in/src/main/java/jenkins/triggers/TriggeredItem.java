package jenkins.triggers;

import hudson.model.Item;

public interface TriggeredItem extends Item {
}
