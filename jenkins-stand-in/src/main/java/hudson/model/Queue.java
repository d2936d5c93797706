package hudson.model;

import java.util.List;
import java.util.concurrent.Callable;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.queue.SubTask;
import jenkins.console.WithConsoleUrl;
import jenkins.model.FullyNamedModelObject;
import jenkins.model.queue.QueueItem;
import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean
public class Queue extends ResourceController implements Saveable {
    public static Queue getInstance() {
        throw new UnsupportedOperationException();
    }

    public Item[] getItems() {
        throw new UnsupportedOperationException();
    }

    public static void withLock(Runnable runnable) {
        throw new UnsupportedOperationException();
    }

    public static <V> V withLock(Callable<V> callable) throws Exception {
        throw new UnsupportedOperationException();
    }

    public interface Task extends FullyNamedModelObject, SubTask {
    }

    public interface Executable extends Runnable, WithConsoleUrl {
    }

    public interface QueueAction extends Action {
        boolean shouldSchedule(List<Action> actions);
    }

    @ExportedBean(defaultVisibility = 999)
    public abstract static class Item extends Actionable implements QueueItem {
        public final Task task = null;

        @CheckForNull
        public Label getAssignedLabel() {
            throw new UnsupportedOperationException();
        }
    }
}
