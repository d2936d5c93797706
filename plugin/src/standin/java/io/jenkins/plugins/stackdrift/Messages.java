package io.jenkins.plugins.stackdrift;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Stand-in build only: mirrors the static methods that the localizer generates from Messages.properties in
 * the real build (key {@code A.b} → method {@code A_b(Object arg0, ...)}), backed by a ResourceBundle and
 * MessageFormat like the generated class. Not compiled by plugin/pom.xml.
 */
public final class Messages {
    private static final String BUNDLE = "io.jenkins.plugins.stackdrift.Messages";

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

    /** DriftScheduleTrigger.displayName */
    public static String DriftScheduleTrigger_displayName() {
        return format("DriftScheduleTrigger.displayName");
    }

    /** ScheduledDriftCheckCause.shortDescription */
    public static String ScheduledDriftCheckCause_shortDescription() {
        return format("ScheduledDriftCheckCause.shortDescription");
    }

    /** ApprovalCause.shortDescription */
    public static String ApprovalCause_shortDescription(Object arg0, Object arg1) {
        return format("ApprovalCause.shortDescription", arg0, arg1);
    }

    /** ApprovalCause.destroyDescription */
    public static String ApprovalCause_destroyDescription(Object arg0, Object arg1) {
        return format("ApprovalCause.destroyDescription", arg0, arg1);
    }

    /** StackDriftRunAction.displayName */
    public static String StackDriftRunAction_displayName() {
        return format("StackDriftRunAction.displayName");
    }

    /** StackDriftJobAction.displayName */
    public static String StackDriftJobAction_displayName() {
        return format("StackDriftJobAction.displayName");
    }

    /** GlobalConfiguration.displayName */
    public static String GlobalConfiguration_displayName() {
        return format("GlobalConfiguration.displayName");
    }

    /** credentialsNotFound */
    public static String credentialsNotFound(Object arg0) {
        return format("credentialsNotFound", arg0);
    }

    /** credentialsWrongKind */
    public static String credentialsWrongKind(Object arg0, Object arg1) {
        return format("credentialsWrongKind", arg0, arg1);
    }

    /** invalidBuildResult */
    public static String invalidBuildResult(Object arg0) {
        return format("invalidBuildResult", arg0);
    }

    /** invalidParallelism */
    public static String invalidParallelism(Object arg0) {
        return format("invalidParallelism", arg0);
    }

    /** configProblems */
    public static String configProblems(Object arg0) {
        return format("configProblems", arg0);
    }

    /** noWorkspace */
    public static String noWorkspace() {
        return format("noWorkspace");
    }
}
