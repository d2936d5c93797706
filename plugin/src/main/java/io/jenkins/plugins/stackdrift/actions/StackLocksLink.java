package io.jenkins.plugins.stackdrift.actions;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

import edu.umd.cs.findbugs.annotations.NonNull;
import hudson.Extension;
import hudson.model.ManagementLink;
import hudson.security.Permission;
import io.jenkins.plugins.stackdrift.JenkinsFacade;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.history.SavedStackLocks;
import jenkins.model.Jenkins;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.StaplerResponse2;
import org.kohsuke.stapler.verb.POST;

/**
 * Manage Jenkins → Stack Drift locks: the stack locks running steps hold ({@link JobStackLocks}), each with its scope,
 * holder and age, and a Release button. Administrators only: the link, the page ({@code l:settings-subpage} with the
 * permission) and the POST, which checks it again (CSRF crumb from Jenkins' form handling). Releasing lets the waiting
 * steps go on; the holding step keeps running, so it is for a build that hangs or whose agent is gone.
 */
@Extension
@Symbol("stackDriftLocks")
public final class StackLocksLink extends ManagementLink {
    /** The page's URL under Manage Jenkins, also the id of its table. */
    public static final String URL_NAME = "stack-drift-locks";

    private static final Logger LOGGER = Logger.getLogger(StackLocksLink.class.getName());

    @Override
    public String getIconFileName() {
        return "symbol-lock-closed";
    }

    @Override
    public String getDisplayName() {
        return Messages.StackLocksLink_displayName();
    }

    @Override
    public String getDescription() {
        return Messages.StackLocksLink_description();
    }

    @Override
    public String getUrlName() {
        return URL_NAME;
    }

    @NonNull
    @Override
    public Permission getRequiredPermission() {
        return Jenkins.ADMINISTER;
    }

    @NonNull
    @Override
    public Category getCategory() {
        return Category.STATUS;
    }

    /** One row of the page. */
    public record Row(String scope, String stack, String holder, String age) {
        public String getScope() {
            return scope;
        }

        public String getStack() {
            return stack;
        }

        public String getHolder() {
            return holder;
        }

        public String getAge() {
            return age;
        }
    }

    /** The held locks now, by scope and stack, with how long each has been held. */
    public List<Row> getLocks() {
        long now = System.currentTimeMillis();
        List<Row> rows = new ArrayList<>();
        SavedStackLocks.ensureRestored();
        for (JobStackLocks.HeldLock lock : JobStackLocks.held()) {
            rows.add(new Row(lock.scope(), lock.stack(), lock.holder(),
                    StepDurations.format(Duration.ofSeconds(Math.max(0, now - lock.since()) / 1000))));
        }
        return rows;
    }

    /** Releases one lock, for administrators, by POST only; back to the page. */
    @POST
    public void doRelease(@QueryParameter final String scope, @QueryParameter final String stack, final StaplerResponse2 rsp)
            throws IOException {
        JenkinsFacade.checkAdminister();
        boolean was = JobStackLocks.forceRelease(String.valueOf(scope), String.valueOf(stack));
        LOGGER.log(Level.INFO, "Stack Drift: an administrator released the lock of stack {0} in scope {1} ({2})",
                new Object[] {stack, scope, was ? "it was held" : "it was no longer held"});
        rsp.sendRedirect2(".");
    }
}
