package io.jenkins.plugins.stackdrift;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Stand-in build only: mirrors the static methods that the localizer generates from this package's
 * Messages.properties in the real build (key {@code A.b} → method {@code A_b(Object arg0, ...)}), backed by a
 * ResourceBundle and MessageFormat like the generated class. Not compiled by plugin/pom.xml.
 */
public final class Messages {
    private static final String BUNDLE = "io.jenkins.plugins.stackdrift.Messages";

    private Messages() {
    }

    private static String format(final String key, final Object... args) {
        String pattern = ResourceBundle.getBundle(BUNDLE, Locale.getDefault()).getString(key);
        return new MessageFormat(pattern, Locale.getDefault()).format(args);
    }

    /** Durability.displayName */
    public static String Durability_displayName() {
        return format("Durability.displayName");
    }

    /** GlobalConfiguration.displayName */
    public static String GlobalConfiguration_displayName() {
        return format("GlobalConfiguration.displayName");
    }

    /** invalidBuildResult */
    public static String invalidBuildResult(Object arg0) {
        return format("invalidBuildResult", arg0);
    }

    /** invalidParallelism */
    public static String invalidParallelism(Object arg0) {
        return format("invalidParallelism", arg0);
    }

    /** invalidToolTimeout */
    public static String invalidToolTimeout(Object arg0) {
        return format("invalidToolTimeout", arg0);
    }

    /** FolderProperty.displayName */
    public static String FolderProperty_displayName() {
        return format("FolderProperty.displayName");
    }

    /** folderLockScopesNeedAdminister */
    public static String folderLockScopesNeedAdminister() {
        return format("folderLockScopesNeedAdminister");
    }
}
