package io.jenkins.plugins.stackdrift.trigger;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * Stand-in build only: mirrors the static methods that the localizer generates from this package's
 * Messages.properties in the real build (key {@code A.b} → method {@code A_b(Object arg0, ...)}), backed by a
 * ResourceBundle and MessageFormat like the generated class. Not compiled by plugin/pom.xml.
 */
public final class Messages {
    private static final String BUNDLE = "io.jenkins.plugins.stackdrift.trigger.Messages";

    private Messages() {
    }

    private static String format(final String key, final Object... args) {
        String pattern = ResourceBundle.getBundle(BUNDLE, Locale.getDefault()).getString(key);
        return new MessageFormat(pattern, Locale.getDefault()).format(args);
    }

    /** ApprovalsJobProperty.displayName */
    public static String ApprovalsJobProperty_displayName() {
        return format("ApprovalsJobProperty.displayName");
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
}
