package io.jenkins.plugins.stackdrift.trigger;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import io.jenkins.plugins.stackdrift.StepDurations;

/**
 * Who may approve or reject what a build awaits, and for how long: the {@code approvers} (user ids and group names,
 * comma-separated, as {@code input}'s {@code submitter}; none: everyone with Build permission on the job), whether the
 * build's own starter and the authors of its changes are refused, and how long the approval stays open. A step's
 * rules and the job's are {@link #within merged}: the stricter of the two holds.
 *
 * <p>A plain class, not a record: it is kept in {@code build.xml} (XStream) and in a running step's program (Java
 * serialization), and holds only a list of strings, an enum and a number of seconds.
 */
public final class ApprovalRules implements Serializable {
    private static final long serialVersionUID = 1L;
    /** How long an approval stays open when nothing says otherwise. */
    public static final Duration DEFAULT_EXPIRY = Duration.ofDays(7);
    /** No approvers named, self-approval allowed, seven days. */
    public static final ApprovalRules DEFAULT = new ApprovalRules(List.of(), SelfApproval.ALLOWED, DEFAULT_EXPIRY);

    private final ArrayList<String> approvers;
    private final SelfApproval selfApproval;
    private final long expirySeconds;

    /**
     * @param approvers    user ids and group names; empty: anyone with Build permission on the job
     * @param selfApproval whether the starter and the authors of the build's changes are refused
     * @param expiry       how long after it opened an approval may still be given or refused
     */
    public ApprovalRules(final List<String> approvers, final SelfApproval selfApproval, final Duration expiry) {
        this.approvers = new ArrayList<>(new LinkedHashSet<>(approvers));
        this.selfApproval = Objects.requireNonNull(selfApproval, "selfApproval");
        Objects.requireNonNull(expiry, "expiry");
        if (expiry.isNegative() || expiry.isZero()) {
            throw new IllegalArgumentException("an approval must stay open for some time: " + expiry);
        }
        this.expirySeconds = Math.max(1, expiry.toSeconds());
    }

    /** User ids and group names; empty: anyone with Build permission on the job. */
    public List<String> approvers() {
        return Collections.unmodifiableList(approvers);
    }

    public SelfApproval selfApproval() {
        return selfApproval;
    }

    public Duration expiry() {
        return Duration.ofSeconds(expirySeconds);
    }

    @Override
    public boolean equals(final Object o) {
        return o instanceof ApprovalRules other && approvers.equals(other.approvers) && selfApproval == other.selfApproval
                && expirySeconds == other.expirySeconds;
    }

    @Override
    public int hashCode() {
        return Objects.hash(approvers, selfApproval, expirySeconds);
    }

    @Override
    public String toString() {
        return "ApprovalRules[approvers " + approvers + ", selfApproval " + selfApproval + ", expiry " + expiry() + "]";
    }

    /** The ids of a {@code submitter}-style list: comma-separated, each trimmed, empty entries dropped. */
    public static List<String> parseApprovers(@CheckForNull final String text) {
        List<String> ids = new ArrayList<>();
        if (text != null) {
            for (String id : text.split(",", -1)) {
                if (!id.isBlank()) {
                    ids.add(id.trim());
                }
            }
        }
        return ids;
    }

    /**
     * These rules within {@code outer} (the job's): the outer approvers hold when they name any, self-approval is refused
     * when either refuses it, and the shorter expiry holds.
     */
    public ApprovalRules within(final ApprovalRules outer) {
        List<String> who = outer.approvers.isEmpty() ? approvers : outer.approvers;
        SelfApproval self = selfApproval == SelfApproval.REFUSED || outer.selfApproval == SelfApproval.REFUSED
                ? SelfApproval.REFUSED : SelfApproval.ALLOWED;
        return new ApprovalRules(who, self, expiry().compareTo(outer.expiry()) <= 0 ? expiry() : outer.expiry());
    }

    /** The rules that the three settings a step or the job keeps make (each as its setter below left it). */
    public static ApprovalRules fromSettings(@CheckForNull final String approvers, final SelfApproval selfApproval,
            @CheckForNull final String expiry) {
        return new ApprovalRules(parseApprovers(approvers), selfApproval,
                expiry == null ? DEFAULT_EXPIRY : StepDurations.parse(expiry).orElseThrow());
    }

    /** The {@code approvers} setting as kept: the ids joined by commas; blank: null (anyone with Build). */
    @CheckForNull
    public static String approversSetting(@CheckForNull final String approvers) {
        return approvers == null || approvers.isBlank() ? null : String.join(",", parseApprovers(approvers));
    }

    /** The {@code selfApproval} setting: {@code ALLOWED} or {@code REFUSED} in any case; blank: allowed. */
    public static SelfApproval selfApprovalSetting(@CheckForNull final String selfApproval) {
        String word = selfApproval == null || selfApproval.isBlank() ? SelfApproval.ALLOWED.name() : selfApproval.strip();
        try {
            return SelfApproval.valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("selfApproval: '" + word + "' is not ALLOWED or REFUSED", e);
        }
    }

    /** The {@code approvalExpiry} setting as kept: a non-zero duration such as {@code 7d}, written back; blank: null. */
    @CheckForNull
    public static String expirySetting(@CheckForNull final String approvalExpiry) {
        if (approvalExpiry == null || approvalExpiry.isBlank()) {
            return null;
        }
        Duration expiry = StepDurations.parse(approvalExpiry.strip()).filter(d -> !d.isZero())
                .orElseThrow(() -> new IllegalArgumentException("approvalExpiry: '" + approvalExpiry.strip()
                        + "' is not a duration such as 7d or 36h"));
        return StepDurations.format(expiry);
    }

    /** The approvers as the page says them. */
    public String approversText() {
        return String.join(", ", approvers);
    }

}
