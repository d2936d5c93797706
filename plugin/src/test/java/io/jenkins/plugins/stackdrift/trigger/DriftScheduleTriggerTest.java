package io.jenkins.plugins.stackdrift.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;

import java.text.DateFormat;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;

import hudson.model.Action;
import hudson.model.CauseAction;
import hudson.model.Item;
import hudson.model.Job;
import hudson.scheduler.CronTab;
import hudson.scheduler.CronTabList;
import hudson.scheduler.Hash;
import hudson.util.FormValidation;
import jenkins.model.ParameterizedJobMixIn;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentMatchers;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;
import org.mockito.Mockito;
import org.springframework.security.access.AccessDeniedException;

class DriftScheduleTriggerTest {
    @Test
    void aTickQueuesOneBuildWithTheScheduledDriftCheckCause() {
        Job<?, ?> job = mock(Job.class);
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class);
                MockedConstruction<CauseAction> causeActions = mockConstruction(CauseAction.class, (mocked, context) ->
                        assertThat(context.arguments()).singleElement().isInstanceOf(ScheduledDriftCheckCause.class))) {
            DriftScheduleTrigger.schedule(job);
            assertThat(causeActions.constructed()).hasSize(1);
            mixIn.verify(() -> ParameterizedJobMixIn.scheduleBuild2(ArgumentMatchers.same(job),
                    ArgumentMatchers.eq(0), ArgumentMatchers.<Action>any()));
        }
    }

    @Test
    void aTickBeforeTheTriggerStartedSchedulesNothing() {
        try (MockedStatic<?> mixIn = mockStatic(ParameterizedJobMixIn.class)) {
            DriftScheduleTrigger.schedule(null);
            mixIn.verify(() -> ParameterizedJobMixIn.scheduleBuild2(any(), anyInt(), any(Action[].class)),
                    Mockito.never());
        }
    }

    @Test
    void appliesToJobsThatCanBeScheduledOnly() {
        DriftScheduleTrigger.DescriptorImpl descriptor = new DriftScheduleTrigger.DescriptorImpl();
        assertThat(descriptor.isApplicable(mock(Item.class))).isFalse();
        assertThat(descriptor.isApplicable(mock(Item.class,
                Mockito.withSettings().extraInterfaces(ParameterizedJobMixIn.ParameterizedJob.class)))).isTrue();
    }

    @Test
    void theCauseSaysWhatStartedTheBuildAndFoldsWithItself() {
        ScheduledDriftCheckCause cause = new ScheduledDriftCheckCause();
        assertThat(cause.getShortDescription()).isEqualTo("Scheduled drift check");
        assertThat(cause).isEqualTo(new ScheduledDriftCheckCause()).hasSameHashCodeAs(new ScheduledDriftCheckCause());
        assertThat(cause).isNotEqualTo(new ApprovalCause(3, List.of("a"), false));
    }

    @Test
    void theApprovalCauseNamesItsSourceBuild() {
        ApprovalCause cause = new ApprovalCause(12, List.of("a", "b"), false);
        assertThat(cause.getShortDescription()).isEqualTo("Deploy of 2 stack(s) approved from build #12");
        assertThat(new ApprovalCause(12, List.of("a"), true).getShortDescription())
                .isEqualTo("Destroy of 1 stack(s) approved from build #12");
        assertThat(cause).isEqualTo(new ApprovalCause(12, List.of("a", "b"), false))
                .hasSameHashCodeAs(new ApprovalCause(12, List.of("a", "b"), false))
                .isNotEqualTo(new ApprovalCause(13, List.of("a", "b"), false))
                .isNotEqualTo(new ApprovalCause(12, List.of("a", "c"), false))
                .isNotEqualTo(new ApprovalCause(12, List.of("a", "b"), true));
    }

    @Test
    void theSpecCheckAsksForConfigurePermissionOnTheJobFirst() {
        Item item = mock(Item.class);
        doThrow(new AccessDeniedException("no Configure")).when(item).checkPermission(Item.CONFIGURE);
        try (MockedStatic<CronTabList> tabs = mockStatic(CronTabList.class)) {
            assertThatThrownBy(() -> new DriftScheduleTrigger.DescriptorImpl().doCheckSpec("H * * * *", item))
                    .isInstanceOf(AccessDeniedException.class);
            tabs.verifyNoInteractions();
        }
    }

    /** Core's TimerTrigger says when a spec would last have run and would next run; so does the drift schedule. */
    @Test
    void theSpecCheckSaysWhenTheScheduleWouldLastHaveRunAndWouldNextRun() {
        Item item = mock(Item.class);
        Mockito.when(item.getFullName()).thenReturn("infra/main");
        CronTabList tabs = mock(CronTabList.class);
        Calendar last = new GregorianCalendar(2026, Calendar.DECEMBER, 7, 12, 15);
        Calendar next = new GregorianCalendar(2026, Calendar.DECEMBER, 7, 12, 30);
        DateFormat format = DateFormat.getDateTimeInstance(DateFormat.FULL, DateFormat.FULL);
        List<String> lines = new ArrayList<>();
        try (MockedStatic<CronTabList> create = mockStatic(CronTabList.class);
                MockedStatic<Hash> hashes = mockStatic(Hash.class);
                MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedConstruction<CronTab> cron = mockConstruction(CronTab.class, (tab, context) -> {
                    lines.add((String) context.arguments().get(0));
                    Mockito.when(tab.floor(any())).thenReturn(last);
                    Mockito.when(tab.ceil(any())).thenReturn(next);
                })) {
            create.when(() -> CronTabList.create(ArgumentMatchers.eq("# every 15 minutes\nH/15 * * * *"), any())).thenReturn(tabs);

            new DriftScheduleTrigger.DescriptorImpl().doCheckSpec("# every 15 minutes\nH/15 * * * *", item);

            assertThat(lines).containsExactly("H/15 * * * *");
            assertThat(cron.constructed()).hasSize(1);
            hashes.verify(() -> Hash.from("infra/main"));
            validation.verify(() -> FormValidation.ok("Would last have run at " + format.format(last.getTime())
                    + "; would next run at " + format.format(next.getTime()) + "."));
        }
    }
}
