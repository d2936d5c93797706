package hudson.model;

import hudson.model.queue.SubTask;
import jenkins.console.WithConsoleUrl;
import jenkins.model.FullyNamedModelObject;
import jenkins.model.queue.QueueItem;
import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean
public class Queue extends ResourceController implements Saveable {
    public interface Task extends FullyNamedModelObject, SubTask {
    }

    public interface Executable extends Runnable, WithConsoleUrl {
    }

    @ExportedBean(defaultVisibility = 999)
    public abstract static class Item extends Actionable implements QueueItem {
    }
}
