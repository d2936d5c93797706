package io.jenkins.plugins.stackdrift;

import jenkins.model.Jenkins;

/** The one place that reaches the Jenkins singleton, so everything else is testable with plain mocks (ArchUnit-checked). */
public final class JenkinsFacade {
    private JenkinsFacade() {
    }

    /** The global defaults; the built-in ones when the configuration is not registered (e.g. during shutdown). */
    public static StackDriftGlobalConfiguration.Defaults globalDefaults() {
        StackDriftGlobalConfiguration configuration =
                Jenkins.get().getExtensionList(StackDriftGlobalConfiguration.class).get(StackDriftGlobalConfiguration.class);
        return configuration == null ? StackDriftGlobalConfiguration.Defaults.builtIn() : configuration.defaults();
    }

    /** Form checks of the global configuration answer administrators only. */
    public static void checkAdminister() {
        Jenkins.get().checkPermission(Jenkins.ADMINISTER);
    }
}
