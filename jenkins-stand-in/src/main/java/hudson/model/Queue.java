package hudson.model;

import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean
public class Queue {
    public interface Task {
    }

    public interface Executable extends Runnable {
    }

    @ExportedBean(defaultVisibility = 999)
    public abstract static class Item extends Actionable {
    }
}
