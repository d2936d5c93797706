package hudson.model;

/** Returns null from its getters, as the real class does: the one stand-in body that is not a throw. */
public abstract class InvisibleAction implements Action {
    @Override
    public final String getIconFileName() {
        return null;
    }

    @Override
    public final String getDisplayName() {
        return null;
    }

    @Override
    public String getUrlName() {
        return null;
    }
}
