package hudson.model;

import hudson.model.Queue.Task;

public interface BuildableItem extends Item, Task {
}
