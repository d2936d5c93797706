package hudson.model.queue;

import jenkins.model.queue.ITask;
import hudson.model.ResourceActivity;

public interface SubTask extends ResourceActivity, ITask {
}
