package hudson.scm;

import java.util.Map;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Run;

public abstract class SCM implements Describable<SCM>, ExtensionPoint {
    public void buildEnvironment(@NonNull Run<?, ?> build, @NonNull Map<String, String> env) {
        throw new UnsupportedOperationException();
    }
}
