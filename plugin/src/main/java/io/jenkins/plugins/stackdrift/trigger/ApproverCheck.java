package io.jenkins.plugins.stackdrift.trigger;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Whether a user may approve or reject an open approval, and why not: the approval must still be open (neither
 * decided nor expired) and the user one of its approvers, as pipeline-input-step's {@code submitter} admits them (an
 * administrator, or a user whose id or one of whose groups the list names, compared as the security realm compares
 * them; without security, anyone), and not the starter or an author of the build when self-approval is refused. The
 * Build permission on the job is checked before this, always.
 */
public final class ApproverCheck {
    private ApproverCheck() {
    }

    /**
     * @param rules     the approval's rules
     * @param ownUsers  the user who started the build and the authors of its changes (refused with self-approval refused)
     * @param expiresAt when the approval closes
     * @param decided   how it was decided already, in words ("approved by alice"); empty while it is open
     * @param who       the user asking
     * @param now       the time of asking
     * @return why the user may not decide it; empty when they may
     */
    public static Optional<String> refusal(final ApprovalRules rules, final List<String> ownUsers, final Instant expiresAt,
            final String decided, final Approver who, final Instant now) {
        if (!decided.isEmpty()) {
            return Optional.of("this approval was already decided: " + decided);
        }
        if (!now.isBefore(expiresAt)) {
            return Optional.of("this approval expired at " + expiresAt + " (approvals stay open "
                    + rules.expiry().toHours() + " hours here): nothing was approved; run the build again for a new one");
        }
        if (rules.selfApproval() == SelfApproval.REFUSED && who.securityOn()
                && ownUsers.stream().anyMatch(own -> who.sameUser(own, who.id()))) {
            return Optional.of("you started this build or wrote one of its changes, and self-approval is refused here:"
                    + " someone else approves it");
        }
        if (rules.approvers().isEmpty() || !who.securityOn() || who.administers()) {
            return Optional.empty();
        }
        for (String approver : rules.approvers()) {
            if (who.sameUser(approver, who.id()) || who.groups().stream().anyMatch(group -> who.sameGroup(approver, group))) {
                return Optional.empty();
            }
        }
        return Optional.of("only " + rules.approversText() + " (or an administrator) may approve or reject this");
    }
}
