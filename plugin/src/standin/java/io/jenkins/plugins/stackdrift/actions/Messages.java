package io.jenkins.plugins.stackdrift.actions;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Stand-in build only: mirrors the static methods that the localizer generates from this package's
 * Messages.properties in the real build (key {@code A.b} → method {@code A_b(Object arg0, ...)}), backed by a
 * ResourceBundle and MessageFormat like the generated class. Not compiled by plugin/pom.xml.
 */
public final class Messages {
    private static final String BUNDLE = "io.jenkins.plugins.stackdrift.actions.Messages";

    private Messages() {
    }

    private static String format(final String key, final Object... args) {
        String pattern = ResourceBundle.getBundle(BUNDLE, Locale.getDefault()).getString(key);
        return new MessageFormat(pattern, Locale.getDefault()).format(args);
    }

    /** StackDriftRunAction.displayName */
    public static String StackDriftRunAction_displayName() {
        return format("StackDriftRunAction.displayName");
    }

    /** StackDriftRunAction.displayNameWithId */
    public static String StackDriftRunAction_displayNameWithId(final Object arg0) {
        return format("StackDriftRunAction.displayNameWithId", arg0);
    }

    /** ApproveDeployAction.deploy */
    public static String ApproveDeployAction_deploy() {
        return format("ApproveDeployAction.deploy");
    }

    /** ApproveDeployAction.destroy */
    public static String ApproveDeployAction_destroy() {
        return format("ApproveDeployAction.destroy");
    }

    /** StackDriftInterruptedAction.displayName */
    public static String StackDriftInterruptedAction_displayName() {
        return format("StackDriftInterruptedAction.displayName");
    }

    /** StackDriftTab.displayName */
    public static String StackDriftTab_displayName() {
        return format("StackDriftTab.displayName");
    }

    /** StackDriftJobAction.displayName */
    public static String StackDriftJobAction_displayName() {
        return format("StackDriftJobAction.displayName");
    }

    /** StackLocksLink.displayName */
    public static String StackLocksLink_displayName() {
        return format("StackLocksLink.displayName");
    }

    /** StackLocksLink.description */
    public static String StackLocksLink_description() {
        return format("StackLocksLink.description");
    }

    /** CredentialsWithheldAction.displayName */
    public static String CredentialsWithheldAction_displayName() {
        return format("CredentialsWithheldAction.displayName");
    }
}
