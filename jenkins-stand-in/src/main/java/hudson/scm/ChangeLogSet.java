package hudson.scm;

import java.util.Collection;

import hudson.model.User;
import org.kohsuke.stapler.export.ExportedBean;

@ExportedBean(defaultVisibility = 999)
public abstract class ChangeLogSet<T extends ChangeLogSet.Entry> implements Iterable<T> {
    @ExportedBean(defaultVisibility = 999)
    public abstract static class Entry {
        public abstract Collection<String> getAffectedPaths();

        public abstract User getAuthor();
    }
}
