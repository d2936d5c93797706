package io.jenkins.plugins.stackdrift.actions;

import java.util.Set;

/**
 * The URLs of the plugin's pages under a build. A step's page is {@value #STEP_PREFIX}{@code <id>}, so an id that makes
 * the URL of another page of the plugin would take that page's place (core routes to the first action with the URL):
 * such ids are reserved.
 */
public final class PageUrls {
    /** The start of every step's URL; alone, the build's Stack Drift tab (and the one step of a build recorded before ids). */
    public static final String STACK_DRIFT = "stack-drift";
    public static final String STEP_PREFIX = STACK_DRIFT + "-";
    /** The approval of a build that left stacks awaiting approval. */
    public static final String APPROVAL = STEP_PREFIX + "approval";

    private static final Set<String> OTHER_PAGES = Set.of(APPROVAL);

    private PageUrls() {
    }

    /** The URL of the page of the step with this id (empty: a build recorded before ids). */
    public static String ofStep(final String id) {
        return id.isEmpty() ? STACK_DRIFT : STEP_PREFIX + id;
    }

    /** The URL of another page of the plugin that a step with this id would take, if any. */
    public static boolean isReservedId(final String id) {
        return OTHER_PAGES.contains(ofStep(id));
    }
}
