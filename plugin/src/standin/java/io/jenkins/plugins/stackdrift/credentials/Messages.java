package io.jenkins.plugins.stackdrift.credentials;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Stand-in build only: mirrors the static methods that the localizer generates from this package's
 * Messages.properties in the real build (key {@code A.b} → method {@code A_b(Object arg0, ...)}), backed by a
 * ResourceBundle and MessageFormat like the generated class. Not compiled by plugin/pom.xml.
 */
public final class Messages {
    private static final String BUNDLE = "io.jenkins.plugins.stackdrift.credentials.Messages";

    private Messages() {
    }

    private static String format(final String key, final Object... args) {
        String pattern = ResourceBundle.getBundle(BUNDLE, Locale.getDefault()).getString(key);
        return new MessageFormat(pattern, Locale.getDefault()).format(args);
    }

    /** credentialsNotFound */
    public static String credentialsNotFound(Object arg0) {
        return format("credentialsNotFound", arg0);
    }

    /** credentialsWrongKind */
    public static String credentialsWrongKind(Object arg0, Object arg1) {
        return format("credentialsWrongKind", arg0, arg1);
    }

    /** credentialsReservedVariable */
    public static String credentialsReservedVariable(Object arg0, Object arg1) {
        return format("credentialsReservedVariable", arg0, arg1);
    }

    /** credentialsNotListed */
    public static String credentialsNotListed(Object arg0, Object arg1) {
        return format("credentialsNotListed", arg0, arg1);
    }
}
