package io.jenkins.plugins.stackdrift.actions;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import hudson.model.Run;
import jenkins.model.Tab;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

/**
 * The build's one "Stack Drift" tab (a side-panel link on the classic build page, a tab on the new one): it lists the
 * build's steps, each with its counts and a link to its own page ({@code stack-drift-<id>/}), instead of one link per
 * step id. Not persisted: {@link StackDriftTabFactory} makes it for builds whose steps have ids.
 */
@ExportedBean(defaultVisibility = 2)
public final class StackDriftTab extends Tab {
    private final Run<?, ?> run;

    StackDriftTab(final Run<?, ?> run) {
        super(run);
        this.run = run;
    }

    @Override
    public String getIconFileName() {
        return "symbol-analytics";
    }

    @Override
    public String getDisplayName() {
        return Messages.StackDriftTab_displayName();
    }

    @Override
    public String getUrlName() {
        return PageUrls.STACK_DRIFT;
    }

    public Run<?, ?> getRun() {
        return run;
    }

    /** Serves {@code assets/stackdrift.css} for the tab's page; anything else is not found. */
    // one static file by a fixed name, read-only; the build page above was already checked for Read by Stapler
    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"})
    public void doDynamic(final StaplerRequest2 req, final StaplerResponse2 rsp) throws IOException {
        if (!StaticAssets.serve(req.getRestOfPath(), rsp)) {
            rsp.sendError(404);
        }
    }

    /** The ids of the build's steps (each has its own entry among the build's actions). */
    @Exported(visibility = 2)
    public List<String> getStepIds() {
        List<String> ids = new ArrayList<>();
        getSteps().forEach(step -> ids.add(step.getId()));
        return ids;
    }

    /** The build's steps in the order they were recorded. */
    public List<StackDriftRunAction> getSteps() {
        return new ArrayList<>(run.getActions(StackDriftRunAction.class));
    }
}
