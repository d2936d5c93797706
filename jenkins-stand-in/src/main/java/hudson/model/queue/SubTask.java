package hudson.model.queue;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Queue;
import hudson.model.ResourceActivity;
import jenkins.model.queue.ITask;

public interface SubTask extends ResourceActivity, ITask {
    default @CheckForNull Queue.Executable getOwnerExecutable() {
        return null;
    }
}
