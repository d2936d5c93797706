package hudson.model;

import hudson.ExtensionPoint;
import jenkins.model.ModelObjectWithChildren;
import jenkins.widgets.HasWidgets;
import org.kohsuke.stapler.StaplerOverridable;

public abstract class Job<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends AbstractItem implements ExtensionPoint,
        StaplerOverridable, ModelObjectWithChildren, HasWidgets {
    public RunT getBuildByNumber(int n) {
        throw new UnsupportedOperationException();
    }

    public RunT getLastBuild() {
        throw new UnsupportedOperationException();
    }

    public RunT getLastCompletedBuild() {
        throw new UnsupportedOperationException();
    }

    public <T extends JobProperty> T getProperty(Class<T> clazz) {
        throw new UnsupportedOperationException();
    }
}
