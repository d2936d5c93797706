package hudson.model.queue;

import hudson.model.ResourceActivity;
import jenkins.model.queue.ITask;

public interface SubTask extends ResourceActivity, ITask {
}
