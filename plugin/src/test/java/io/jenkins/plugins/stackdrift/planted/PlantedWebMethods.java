package io.jenkins.plugins.stackdrift.planted;

import java.util.ArrayList;
import java.util.List;

import hudson.model.Item;
import hudson.util.ListBoxModel;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * Planted web methods for {@code WebMethodsTest} (test sources: the Jenkins Security Scan reads src/main/java only):
 * two that the check must find, two it must pass.
 */
public final class PlantedWebMethods {
    private final List<String> forgotten = new ArrayList<>();

    /** Changes state on a GET, without a permission check: must be found. */
    public void doForget(@QueryParameter final String stack) {
        forgotten.add(stack);
    }

    /** Suppressed for the permission check only, no reason, and a GET: must be found. */
    @SuppressWarnings("lgtm[jenkins/no-permission-check]")
    public ListBoxModel doFillPlantedItems() {
        return new ListBoxModel();
    }

    /** Checked and POST: passes. */
    @POST
    public void doRemember(@QueryParameter final String stack, @AncestorInPath final Item item) {
        item.checkPermission(Item.CONFIGURE);
        forgotten.remove(stack);
    }

    /** Suppressed for both with a reason: passes. */
    @SuppressWarnings({"lgtm[jenkins/no-permission-check]", "lgtm[jenkins/csrf]"}) // a fixed list, read-only
    public ListBoxModel doFillKeptItems() {
        return new ListBoxModel();
    }

    public List<String> forgotten() {
        return List.copyOf(forgotten);
    }
}
