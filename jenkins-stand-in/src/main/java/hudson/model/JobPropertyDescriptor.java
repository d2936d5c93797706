package hudson.model;

public abstract class JobPropertyDescriptor extends Descriptor<JobProperty<?>> {
    protected JobPropertyDescriptor() {
    }

    public boolean isApplicable(Class<? extends Job> jobType) {
        throw new UnsupportedOperationException();
    }
}
