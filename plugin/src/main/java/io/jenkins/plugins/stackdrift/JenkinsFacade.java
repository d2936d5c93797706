package io.jenkins.plugins.stackdrift;

import java.nio.file.Path;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.PluginWrapper;
import hudson.security.SecurityRealm;
import jenkins.model.Jenkins;

/**
 * The one place that reaches the Jenkins singleton, so everything else is testable with plain mocks (ArchUnit-checked).
 * It names no class of the plugin's, so any of them may use it without a cycle.
 */
public final class JenkinsFacade {
    private JenkinsFacade() {
    }

    /**
     * The running controller, or null while none runs (a controller that shut down: a step thread it left behind sees
     * another instance here, or none).
     */
    @CheckForNull
    public static Jenkins runningOrNull() {
        return Jenkins.getInstanceOrNull();
    }

    /** The controller's home directory ({@code JENKINS_HOME}). */
    public static Path home() {
        return Jenkins.get().getRootDir().toPath();
    }

    /** The registered extension of this type; null when it is not registered (e.g. during shutdown). */
    @CheckForNull
    public static <T> T extension(final Class<T> type) {
        return Jenkins.get().getExtensionList(type).get(type);
    }

    /** Whether the current user may administer Jenkins. */
    public static boolean administers() {
        return Jenkins.get().hasPermission(Jenkins.ADMINISTER);
    }

    /** Whether security is on. */
    public static boolean usesSecurity() {
        return Jenkins.get().isUseSecurity();
    }

    /** The security realm: how it compares user ids and group names. */
    public static SecurityRealm securityRealm() {
        return Jenkins.get().getSecurityRealm();
    }

    /** Form checks of the global configuration answer administrators only. */
    public static void checkAdminister() {
        Jenkins.get().checkPermission(Jenkins.ADMINISTER);
    }

    /** Whether the current user (SYSTEM for Configuration as Code and loading from disk) may administer Jenkins. */
    public static boolean canAdminister() {
        return Jenkins.get().hasPermission(Jenkins.ADMINISTER);
    }

    /**
     * Whether the plugin {@code shortName} is installed and active in this session: the test before any class that uses an
     * optional dependency is loaded (without it, that class cannot be linked).
     */
    public static boolean pluginActive(final String shortName) {
        PluginWrapper plugin = Jenkins.get().getPluginManager().getPlugin(shortName);
        return plugin != null && plugin.isActive();
    }
}
