package io.jenkins.plugins.stackdrift.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

class ApproverCheckTest {
    private static final Instant OPENED = Instant.parse("2026-12-01T10:00:00Z");
    private static final Instant EXPIRES = OPENED.plus(ApprovalRules.DEFAULT_EXPIRY);
    private static final Instant NOW = OPENED.plus(Duration.ofHours(1));

    /** A user of a case-insensitive realm (Jenkins' default), security on. */
    private record User(String id, List<String> groups, boolean administers, boolean securityOn) implements Approver {
        static User of(final String id, final String... groups) {
            return new User(id, List.of(groups), false, true);
        }

        @Override
        public boolean sameUser(final String a, final String b) {
            return a.toLowerCase(Locale.ROOT).equals(b.toLowerCase(Locale.ROOT));
        }

        @Override
        public boolean sameGroup(final String a, final String b) {
            return sameUser(a, b);
        }
    }

    private static ApprovalRules approvers(final String list) {
        return new ApprovalRules(ApprovalRules.parseApprovers(list), SelfApproval.ALLOWED, ApprovalRules.DEFAULT_EXPIRY);
    }

    @Test
    void anApproverOutsideTheListIsRefusedAndTheListNamesWhoMay() {
        assertThat(ApproverCheck.refusal(approvers("alice, ops"), List.of(), EXPIRES, "", User.of("bob", "dev"), NOW))
                .contains("only alice, ops (or an administrator) may approve or reject this");
    }

    @Test
    void aUserOrAGroupTheListNamesMayAsTheRealmComparesIds() {
        assertThat(ApproverCheck.refusal(approvers("Alice,ops"), List.of(), EXPIRES, "", User.of("alice"), NOW)).isEmpty();
        assertThat(ApproverCheck.refusal(approvers("alice,OPS"), List.of(), EXPIRES, "", User.of("carol", "dev", "ops"), NOW)).isEmpty();
    }

    @Test
    void anAdministratorMayWhateverTheListAndWithoutSecurityTheListIsNotEnforcedAsForInput() {
        assertThat(ApproverCheck.refusal(approvers("alice"), List.of(), EXPIRES, "", new User("root", List.of(), true, true), NOW))
                .isEmpty();
        assertThat(ApproverCheck.refusal(approvers("alice"), List.of(), EXPIRES, "", new User("anonymous", List.of(), false, false),
                NOW)).isEmpty();
    }

    @Test
    void noListAdmitsEveryoneWithBuildPermission() {
        assertThat(ApproverCheck.refusal(ApprovalRules.DEFAULT, List.of(), EXPIRES, "", User.of("bob"), NOW)).isEmpty();
    }

    @Test
    void theUserWhoStartedTheBuildOrWroteItsChangeIsRefusedWhenSelfApprovalIsRefusedEvenWhenListed() {
        ApprovalRules refused = new ApprovalRules(List.of("alice", "bob"), SelfApproval.REFUSED, ApprovalRules.DEFAULT_EXPIRY);

        assertThat(ApproverCheck.refusal(refused, List.of("ALICE"), EXPIRES, "", User.of("alice"), NOW))
                .contains("you started this build or wrote one of its changes, and self-approval is refused here: someone else"
                        + " approves it");
        assertThat(ApproverCheck.refusal(refused, List.of("alice"), EXPIRES, "", User.of("bob"), NOW)).isEmpty();
        // allowed: the starter may approve their own build
        assertThat(ApproverCheck.refusal(approvers("alice"), List.of("alice"), EXPIRES, "", User.of("alice"), NOW)).isEmpty();
    }

    @Test
    void anExpiredApprovalIsRefusedToEveryone() {
        assertThat(ApproverCheck.refusal(ApprovalRules.DEFAULT, List.of(), EXPIRES, "", new User("root", List.of(), true, true),
                EXPIRES)).hasValueSatisfying(why -> assertThat(why).startsWith("this approval expired at 2026-12-08T10:00:00Z"));
    }

    @Test
    void aDecidedApprovalIsClosed() {
        assertThat(ApproverCheck.refusal(ApprovalRules.DEFAULT, List.of(), EXPIRES, "rejected by carol", User.of("bob"), NOW))
                .contains("this approval was already decided: rejected by carol");
    }

    @Test
    void aStepsRulesWithinTheJobsKeepTheStricterOfEach() {
        ApprovalRules step = new ApprovalRules(List.of("dev"), SelfApproval.ALLOWED, Duration.ofDays(7));
        ApprovalRules job = new ApprovalRules(List.of("ops"), SelfApproval.REFUSED, Duration.ofDays(1));

        ApprovalRules merged = step.within(job);

        assertThat(merged.approvers()).containsExactly("ops");
        assertThat(merged.selfApproval()).isEqualTo(SelfApproval.REFUSED);
        assertThat(merged.expiry()).isEqualTo(Duration.ofDays(1));
        assertThat(step.within(ApprovalRules.DEFAULT)).isEqualTo(step);
        assertThatThrownBy(() -> new ApprovalRules(List.of(), SelfApproval.ALLOWED, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
