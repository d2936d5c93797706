package hudson.model;

public abstract class InvisibleAction implements Action {
    @Override
    public final String getIconFileName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public final String getDisplayName() {
        throw new UnsupportedOperationException();
    }

    @Override
    public String getUrlName() {
        throw new UnsupportedOperationException();
    }
}
