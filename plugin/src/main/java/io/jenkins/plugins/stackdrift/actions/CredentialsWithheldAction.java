package io.jenkins.plugins.stackdrift.actions;

import hudson.model.Action;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

/**
 * Says on the build page that a Stack Drift step bound no credentials because the build's revision is not one its SCM
 * source trusts (a pull request from a fork), and why: its plans ran without credentials, so they may fail or show
 * less than a trusted build's. One per such step; no link of its own, its summary is the message. Holds no secret.
 */
@ExportedBean(defaultVisibility = 2)
public final class CredentialsWithheldAction implements Action {
    private final String id;
    private final String reason;

    /** @param reason what the log says, naming revisions and the setting, never a value */
    public CredentialsWithheldAction(final String id, final String reason) {
        this.id = id;
        this.reason = reason;
    }

    /** The step's id. */
    @Exported(visibility = 2)
    public String getId() {
        return id;
    }

    @Exported(visibility = 2)
    public String getReason() {
        return reason;
    }

    @Override
    public String getIconFileName() {
        return null;
    }

    @Override
    public String getDisplayName() {
        return Messages.CredentialsWithheldAction_displayName();
    }

    @Override
    public String getUrlName() {
        return null;
    }
}
