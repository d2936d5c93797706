package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.model.Queue;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import io.jenkins.plugins.stackdrift.trigger.Approver;
import io.jenkins.plugins.stackdrift.trigger.SelfApproval;
import jenkins.model.ParameterizedJobMixIn;
import org.junit.jupiter.api.Test;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

class ApproveDeployActionTest {
    @Test
    void approvingQueuesOneBuildWithTheApprovalCauseAndSavesTheRun() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(12);
        when(run.getAction(StackDriftRunAction.class)).thenReturn(new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(
                RunKind.CHECK, TestRecords.row("a", RowState.AWAITING_APPROVAL), TestRecords.row("b", RowState.AWAITING_APPROVAL)))));
        ApproveDeployAction action = new ApproveDeployAction(List.of("a", "b"), false);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class);
                MockedConstruction<CauseAction> causeActions = mockConstruction(CauseAction.class, (mocked, context) ->
                        assertThat(List.of((Object[]) context.arguments().get(0)))
                                .hasSize(2)
                                .anySatisfy(c -> assertThat(c).isInstanceOf(Cause.UserIdCause.class))
                                .contains(new ApprovalCause(12, List.of("a", "b"), false)))) {
            mixIn.when(() -> ParameterizedJobMixIn.scheduleBuild2(any(), anyInt(), any(Action[].class)))
                    .thenReturn(mock(Queue.Item.class));
            action.approve(job);
            action.approve(job);
            assertThat(causeActions.constructed()).hasSize(1);
            // the approval never folds into a build already waiting: a vetoing queue action rides along
            mixIn.verify(() -> ParameterizedJobMixIn.scheduleBuild2(eq(job), eq(0), any(CauseAction.class),
                    argThat(a -> a instanceof Queue.QueueAction q && q.shouldSchedule(List.of()))), times(1));
        }
        assertThat(action.isApproved()).isTrue();
        assertThat(action.getIconFileName()).isNull();
        verify(run, times(1)).save();
    }

    @Test
    void theApprovalCarriesTheIdsFixedWhenTheStepLeftThemAwaitingNotTheBuildPageOfNow() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(12);
        // a later step replaced the run action with rows of other stacks
        when(run.getAction(StackDriftRunAction.class)).thenReturn(new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(
                RunKind.CHECK, TestRecords.row("other", RowState.AWAITING_APPROVAL)))));
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), true);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class);
                MockedConstruction<CauseAction> causeActions = mockConstruction(CauseAction.class, (mocked, context) ->
                        assertThat(List.of((Object[]) context.arguments().get(0)))
                                .contains(new ApprovalCause(12, List.of("net"), true)))) {
            mixIn.when(() -> ParameterizedJobMixIn.scheduleBuild2(any(), anyInt(), any(Action[].class)))
                    .thenReturn(mock(Queue.Item.class));
            action.approve(job);
            assertThat(causeActions.constructed()).hasSize(1);
        }
        assertThat(action.getDisplayName()).isEqualTo("Approve destroy");
    }

    @Test
    void nothingToApproveIsRefusedAndQueuesNoBuild() {
        Run<?, ?> run = mock(Run.class);
        when(run.getNumber()).thenReturn(3);
        ApproveDeployAction action = new ApproveDeployAction(List.of(), false);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class)) {
            assertThatThrownBy(() -> action.approve(mock(Job.class))).isInstanceOf(AbortException.class)
                    .hasMessageContaining("no stack awaits approval in build #3");
            mixIn.verifyNoInteractions();
        }
        assertThat(action.isApproved()).isFalse();
    }

    @Test
    void theLinkShowsOnlyToUsersWhoMayBuildTheJob() {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        doReturn(job).when(run).getParent();
        ApproveDeployAction action = new ApproveDeployAction(List.of("a"), false);
        action.onAttached(run);

        when(job.hasPermission(Item.BUILD)).thenReturn(false);
        assertThat(action.getIconFileName()).isNull();
        assertThat(action.isCanApprove()).isFalse();

        when(job.hasPermission(Item.BUILD)).thenReturn(true);
        assertThat(action.getIconFileName()).isEqualTo("symbol-status-yellow");
        assertThat(action.isCanApprove()).isTrue();
    }

    @Test
    @SuppressWarnings("try") // the static mock is in force while the try holds it: every static call returns null
    void anApprovalTheQueueDidNotTakeIsNotGiven() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        when(run.getNumber()).thenReturn(7);
        when(job.getFullName()).thenReturn("infra");
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), false);
        action.onAttached(run);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class)) {
            // scheduleBuild2 returns null: a disabled job
            assertThatThrownBy(() -> action.approve(job)).isInstanceOf(AbortException.class)
                    .hasMessageContaining("did not queue the approval build");
        }
        assertThat(action.isApproved()).isFalse();
        verify(run, never()).save();
    }

    @Test
    void aRejectedApprovalIsClosedRecordsWhoAndQueuesNothingWhenApprovedAfter() throws Exception {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        doReturn(job).when(run).getParent();
        when(run.getNumber()).thenReturn(5);
        when(job.hasPermission(Item.BUILD)).thenReturn(true);
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), false, Map.of("net", "ab12"),
                ApprovalRules.DEFAULT, List.of(), System.currentTimeMillis());
        action.onAttached(run);

        action.reject("carol");

        assertThat(action.isRejected()).isTrue();
        assertThat(action.getDecidedBy()).isEqualTo("carol");
        assertThat(action.getDecision()).startsWith("rejected by carol at ");
        assertThat(action.isCanApprove()).isFalse();
        assertThat(action.getIconFileName()).isNull();
        assertThat(action.refusal(anyone(), Instant.now())).hasValueSatisfying(why ->
                assertThat(why).startsWith("this approval was already decided: rejected by carol"));
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class)) {
            action.approve(job, "dave");
            mixIn.verifyNoInteractions();
        }
        assertThat(action.isApproved()).isFalse();
        verify(run, times(1)).save();
    }

    @Test
    void anApprovalPastItsExpiryIsRefusedAndOffersNoLink() {
        Run<?, ?> run = mock(Run.class);
        Job<?, ?> job = mock(Job.class);
        doReturn(job).when(run).getParent();
        when(job.hasPermission(Item.BUILD)).thenReturn(true);
        long eightDaysAgo = Instant.now().minus(Duration.ofDays(8)).toEpochMilli();
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), false, Map.of(), ApprovalRules.DEFAULT, List.of(),
                eightDaysAgo);
        action.onAttached(run);

        assertThat(action.isExpired()).isTrue();
        assertThat(action.isCanApprove()).isFalse();
        assertThat(action.refusal(anyone(), Instant.now())).hasValueSatisfying(why ->
                assertThat(why).startsWith("this approval expired at " + Instant.ofEpochMilli(eightDaysAgo).plus(Duration.ofDays(7))));
    }

    @Test
    void theApproversAndTheStartersOfTheBuildAreKeptWithTheApproval() throws Exception {
        ApproveDeployAction action = new ApproveDeployAction(List.of("net"), false, Map.of(),
                new ApprovalRules(List.of("ops", "alice"), SelfApproval.REFUSED, Duration.ofDays(2)), List.of("bob"), 1_000L);
        action.onAttached(mock(Run.class));

        assertThat(action.getApprovers()).isEqualTo("ops, alice");
        assertThat(action.getOwnUsers()).containsExactly("bob");
        assertThat(action.getExpiresAt()).isEqualTo(Instant.ofEpochMilli(1_000L).plus(Duration.ofDays(2)));
        assertThat(action.refusal(new Approver() {
            @Override
            public String id() {
                return "bob";
            }

            @Override
            public List<String> groups() {
                return List.of("ops");
            }

            @Override
            public boolean administers() {
                return false;
            }

            @Override
            public boolean securityOn() {
                return true;
            }

            @Override
            public boolean sameUser(final String a, final String b) {
                return a.equalsIgnoreCase(b);
            }

            @Override
            public boolean sameGroup(final String a, final String b) {
                return a.equalsIgnoreCase(b);
            }
        }, Instant.ofEpochMilli(2_000L))).hasValueSatisfying(why -> assertThat(why).contains("self-approval is refused"));
    }

    /** An administrator: only the approval's state can refuse them. */
    private static Approver anyone() {
        return new Approver() {
            @Override
            public String id() {
                return "root";
            }

            @Override
            public List<String> groups() {
                return List.of();
            }

            @Override
            public boolean administers() {
                return true;
            }

            @Override
            public boolean securityOn() {
                return true;
            }

            @Override
            public boolean sameUser(final String a, final String b) {
                return a.equals(b);
            }

            @Override
            public boolean sameGroup(final String a, final String b) {
                return a.equals(b);
            }
        };
    }
}
