package hudson.model;

import java.io.File;
import java.io.IOException;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.security.AccessControlled;
import hudson.util.XStream2;
import jenkins.console.WithConsoleUrl;
import jenkins.model.HistoricalBuild;
import jenkins.util.io.OnMaster;
import org.kohsuke.stapler.StaplerProxy;
import org.kohsuke.stapler.export.ExportedBean;
import org.springframework.security.access.AccessDeniedException;

@ExportedBean
public abstract class Run<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends Actionable
        implements ExtensionPoint, Comparable<RunT>, AccessControlled, PersistenceRoot, DescriptorByNameOwner, OnMaster, StaplerProxy,
                HistoricalBuild, WithConsoleUrl {
    @Override
    public String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    public static final XStream2 XSTREAM2 = new XStream2();

    public @NonNull String getExternalizableId() {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull static Run<?, ?> fromExternalizableId(String id) throws IllegalArgumentException, AccessDeniedException {
        throw new UnsupportedOperationException();
    }

    @Override
    public int compareTo(@NonNull RunT that) {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull Result getResult() {
        throw new UnsupportedOperationException();
    }

    public void setResult(@NonNull Result r) {
        throw new UnsupportedOperationException();
    }

    public @NonNull List<Cause> getCauses() {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull <T extends Cause> T getCause(Class<T> type) {
        throw new UnsupportedOperationException();
    }

    public @NonNull JobT getParent() {
        throw new UnsupportedOperationException();
    }

    public int getNumber() {
        throw new UnsupportedOperationException();
    }

    public @CheckForNull RunT getPreviousBuild() {
        throw new UnsupportedOperationException();
    }

    public boolean isBuilding() {
        throw new UnsupportedOperationException();
    }

    public @NonNull String getId() {
        throw new UnsupportedOperationException();
    }

    public @NonNull File getRootDir() {
        throw new UnsupportedOperationException();
    }

    public String getFullDisplayName() {
        throw new UnsupportedOperationException();
    }

    public final long getTimeInMillis() {
        throw new UnsupportedOperationException();
    }

    public @NonNull String getUrl() {
        throw new UnsupportedOperationException();
    }

    public synchronized void save() throws IOException {
        throw new UnsupportedOperationException();
    }
}
