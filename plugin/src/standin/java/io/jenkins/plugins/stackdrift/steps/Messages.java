package io.jenkins.plugins.stackdrift.steps;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Stand-in build only: mirrors the static methods that the localizer generates from this package's
 * Messages.properties in the real build (key {@code A.b} → method {@code A_b(Object arg0, ...)}), backed by a
 * ResourceBundle and MessageFormat like the generated class. Not compiled by plugin/pom.xml.
 */
public final class Messages {
    private static final String BUNDLE = "io.jenkins.plugins.stackdrift.steps.Messages";

    private Messages() {
    }

    private static String format(final String key, final Object... args) {
        String pattern = ResourceBundle.getBundle(BUNDLE, Locale.getDefault()).getString(key);
        return new MessageFormat(pattern, Locale.getDefault()).format(args);
    }

    /** ValidateStacksStep.displayName */
    public static String ValidateStacksStep_displayName() {
        return format("ValidateStacksStep.displayName");
    }

    /** PreviewStacksStep.displayName */
    public static String PreviewStacksStep_displayName() {
        return format("PreviewStacksStep.displayName");
    }

    /** CheckDriftStep.displayName */
    public static String CheckDriftStep_displayName() {
        return format("CheckDriftStep.displayName");
    }

    /** DeployStacksStep.displayName */
    public static String DeployStacksStep_displayName() {
        return format("DeployStacksStep.displayName");
    }

    /** invalidParallelism */
    public static String invalidParallelism(Object arg0) {
        return format("invalidParallelism", arg0);
    }

    /** configProblems */
    public static String configProblems(Object arg0, Object arg1) {
        return format("configProblems", arg0, arg1);
    }

    /** noWorkspace */
    public static String noWorkspace() {
        return format("noWorkspace");
    }

    /** sweptStaleDirectories */
    public static String sweptStaleDirectories(Object arg0) {
        return format("sweptStaleDirectories", arg0);
    }

    /** invalidId */
    public static String invalidId(Object arg0, Object arg1) {
        return format("invalidId", arg0, arg1);
    }

    /** resultDefault */
    public static String resultDefault() {
        return format("resultDefault");
    }

    /** reservedId */
    public static String reservedId(Object arg0, Object arg1) {
        return format("reservedId", arg0, arg1);
    }

    /** duplicateId */
    public static String duplicateId(Object arg0) {
        return format("duplicateId", arg0);
    }

    /** invalidLockTimeout */
    public static String invalidLockTimeout(Object arg0) {
        return format("invalidLockTimeout", arg0);
    }

    /** invalidToolTimeout */
    public static String invalidToolTimeout(Object arg0) {
        return format("invalidToolTimeout", arg0);
    }

    /** StackShardsStep.displayName */
    public static String StackShardsStep_displayName() {
        return format("StackShardsStep.displayName");
    }

    /** invalidShard */
    public static String invalidShard(Object arg0, Object arg1) {
        return format("invalidShard", arg0, arg1);
    }

    /** invalidShardCount */
    public static String invalidShardCount(Object arg0) {
        return format("invalidShardCount", arg0);
    }

    /** invalidUntrustedChanges */
    public static String invalidUntrustedChanges(Object arg0) {
        return format("invalidUntrustedChanges", arg0);
    }

    /** untrustedChangesDefault */
    public static String untrustedChangesDefault() {
        return format("untrustedChangesDefault");
    }
}
