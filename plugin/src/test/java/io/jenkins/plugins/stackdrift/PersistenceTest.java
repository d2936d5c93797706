package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.time.temporal.Temporal;
import java.util.List;

import com.thoughtworks.xstream.XStream;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.actions.ApproveDeployAction;
import io.jenkins.plugins.stackdrift.actions.BuildSummary;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import io.jenkins.plugins.stackdrift.trigger.ApprovalQueueAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import io.jenkins.plugins.stackdrift.trigger.ApprovalsJobProperty;
import io.jenkins.plugins.stackdrift.trigger.DriftScheduleTrigger;
import io.jenkins.plugins.stackdrift.trigger.ScheduledDriftCheckCause;
import io.jenkins.plugins.stackdrift.trigger.SelfApproval;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objenesis.ObjenesisStd;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

/**
 * Everything Jenkins persists with XStream (build.xml, the job's config.xml) round-trips through the real
 * XStream that core 2.541.3 uses, and holds no type that XStream or core's class filter cannot read back.
 */
class PersistenceTest {
    /** Every class of ours that ends up in build.xml or config.xml. */
    private static final List<Class<?>> PERSISTED = List.of(StackDriftRunAction.class, BuildSummary.class,
            ApproveDeployAction.class, ScheduledDriftCheckCause.class, ApprovalCause.class, DriftScheduleTrigger.class,
            StackDriftGlobalConfiguration.class, StackDriftInterruptedAction.class, ApprovalQueueAction.class,
            ApprovalRules.class, ApprovalsJobProperty.class);

    private static XStream xstream() {
        XStream xstream = new XStream();
        xstream.allowTypesByWildcard(new String[] {"io.jenkins.plugins.stackdrift.**", "hudson.**"});
        return xstream;
    }

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(final T object) {
        XStream xstream = xstream();
        return (T) xstream.fromXML(xstream.toXML(object));
    }

    @Test
    void theRunActionKeepsItsSummaryAndForgetsItsRun() {
        StackDriftRunAction action = new StackDriftRunAction("check", BuildSummary.of(TestRecords.record(RunKind.CHECK,
                TestRecords.row("dns", RowState.IN_SYNC), TestRecords.row("net", RowState.DRIFTED),
                TestRecords.row("app", RowState.FAILED))));
        StackDriftRunAction back = roundTrip(action);
        assertThat(back.getTotal()).isEqualTo(3);
        assertThat(back.getDriftedStacks()).containsExactly("net");
        assertThat(back.getFailedStacks()).containsExactly("app");
        assertThat(back.getSummary().getStartedAt()).isEqualTo(1_000L);
        assertThat(back.getRun()).isNull();
        assertThat(back.getRows()).isEmpty();
        assertThat(xstream().toXML(action)).doesNotContain("tags.Name").doesNotContain("record");
    }

    @Test
    void aRunActionRecordedBeforeStepsHadIdsKeepsItsUrlAndReadsItsDetailsBesideBuildXml(@TempDir final File buildDir)
            throws Exception {
        RunRecord record = TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED));
        String xml = xstream().toXML(new StackDriftRunAction("check", BuildSummary.of(record)));
        assertThat(xml).contains("<id>check</id>");
        StackDriftRunAction old = (StackDriftRunAction) xstream().fromXML(xml.replace("<id>check</id>", ""));
        RunDetails.store(out -> RecordJson.writeRun(out, 7, record), buildDir);
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        old.onLoad(run);
        assertThat(old.getUrlName()).isEqualTo("stack-drift");
        assertThat(old.getId()).isEmpty();
        assertThat(old.getDisplayName()).isEqualTo("Stack Drift");
        assertThat(old.getBadgeWords()).isEqualTo("1 stack drifted");
        assertThat(old.getRows()).extracting(r -> r.id().value()).containsExactly("net");
    }

    @Test
    void theInterruptedActionKeepsItsWordIdAndStacks() {
        StackDriftInterruptedAction withId = roundTrip(new StackDriftInterruptedAction("deploy", "deploy-eu", List.of("net")));
        assertThat(withId.getId()).isEqualTo("deploy-eu");
        assertThat(roundTrip(new StackDriftInterruptedAction("deploy", List.of("net"))).getId()).isEmpty();
    }

    @Test
    void theInterruptedActionKeepsItsWordAndStacks() {
        StackDriftInterruptedAction back = roundTrip(new StackDriftInterruptedAction("deploy", List.of("net", "dns")));
        assertThat(back.getOperation()).isEqualTo("deploy");
        assertThat(back.getInterruptedStacks()).containsExactly("net", "dns");
        assertThat(back.getIconFileName()).isNull();
    }

    @Test
    void anApprovalCauseSavedBeforeTheIdsWereRecordedApprovesNothing() {
        String legacy = "<io.jenkins.plugins.stackdrift.trigger.ApprovalCause><sourceBuild>4</sourceBuild><stackCount>2</stackCount>"
                + "</io.jenkins.plugins.stackdrift.trigger.ApprovalCause>";
        ApprovalCause cause = (ApprovalCause) xstream().fromXML(legacy);
        assertThat(cause.getStacks()).isEmpty();
        assertThat(cause.isDestroy()).isFalse();
        assertThat(cause.getSourceBuild()).isEqualTo(4);
    }

    @Test
    void causesTriggerAndApprovalRoundTrip() {
        assertThat(roundTrip(new ScheduledDriftCheckCause())).isEqualTo(new ScheduledDriftCheckCause());
        ApprovalCause cause = new ApprovalCause(5, List.of("net", "envs/dev"), true, java.util.Map.of("net", "ab12", "envs/dev", "cd34"));
        ApprovalCause causeBack = roundTrip(cause);
        assertThat(causeBack).isEqualTo(cause);
        assertThat(causeBack.getStacks()).containsExactly("net", "envs/dev");
        assertThat(causeBack.isDestroy()).isTrue();
        assertThat(causeBack.getPlans()).containsExactly(java.util.Map.entry("envs/dev", "cd34"), java.util.Map.entry("net", "ab12"));
        assertThat(xstream().toXML(cause)).doesNotContain("ImmutableCollections");
        ApproveDeployAction approve = roundTrip(new ApproveDeployAction(List.of("platform:prod"), false,
                java.util.Map.of("platform:prod", "ef56")));
        assertThat(approve.getPlans()).containsExactly(java.util.Map.entry("platform:prod", "ef56"));
        assertThat(approve.isApproved()).isFalse();
        assertThat(approve.getStacks()).containsExactly("platform:prod");
        assertThat(approve.isDestroy()).isFalse();
        // the rules, the starter, the opening time and who decided come back; nothing of the key is there to keep
        ApproveDeployAction ruled = new ApproveDeployAction(List.of("net"), false, java.util.Map.of("net", "ab12"),
                new ApprovalRules(List.of("ops", "alice"), SelfApproval.REFUSED, java.time.Duration.ofHours(36)), List.of("bob"), 1_000L);
        ruled.onAttached(org.mockito.Mockito.mock(hudson.model.Run.class));
        ApproveDeployAction ruledBack = roundTrip(ruled);
        assertThat(ruledBack.getRules()).isEqualTo(ruled.getRules());
        assertThat(ruledBack.getOwnUsers()).containsExactly("bob");
        assertThat(ruledBack.getOpenedAt()).isEqualTo(1_000L);
        assertThat(xstream().toXML(ruled)).doesNotContain("ImmutableCollections", "Duration");
        ApprovalsJobProperty property = new ApprovalsJobProperty();
        property.setApprovers("ops, alice");
        property.setSelfApproval("refused");
        property.setApprovalExpiry("2d");
        ApprovalsJobProperty propertyBack = roundTrip(property);
        assertThat(propertyBack.rules()).isEqualTo(property.rules());
        assertThat(xstream().toXML(new DriftScheduleTrigger("H/15 * * * *"))).contains("DriftScheduleTrigger");
        assertThat((Object) roundTrip(new DriftScheduleTrigger("H/15 * * * *"))).isInstanceOf(DriftScheduleTrigger.class);
    }

    @Test
    void theGlobalConfigurationRoundTripsWithItsDefaults() throws Exception {
        // made without its constructor (which loads from JENKINS_HOME), as XStream itself does when reading
        StackDriftGlobalConfiguration configuration =
                new ObjenesisStd().newInstance(StackDriftGlobalConfiguration.class);
        set(configuration, "defaultParallelism", 3);
        set(configuration, "defaultDriftResult", "FAILURE");
        set(configuration, "tofuPath", "/opt/tofu/bin/tofu");
        StackDriftGlobalConfiguration back = roundTrip(configuration);
        assertThat(back.getDefaultParallelism()).isEqualTo(3);
        assertThat(back.getDefaultDriftResult()).isEqualTo("FAILURE");
        assertThat(back.getTofuPath()).isEqualTo("/opt/tofu/bin/tofu");
    }

    private static void set(final Object target, final String field, final Object value) throws Exception {
        Field f = target.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(target, value);
    }

    @Test
    void aThousandStackRunKeepsBuildXmlSmall() {
        StackDriftRunAction action = new StackDriftRunAction("check", BuildSummary.of(TestRecords.large(1_000)));
        String xml = xstream().toXML(action);
        assertThat(xml.getBytes(StandardCharsets.UTF_8).length).isLessThan(4 * 1024);
        assertThat(action.getTotal()).isEqualTo(1_000);
        assertThat(action.getFailed()).isEqualTo(100);
        assertThat(action.getDrifted()).isEqualTo(100);
        assertThat(action.getDriftedStacks()).hasSize(BuildSummary.MAX_IDS);
    }

    @Test
    void overlongIdsAreCutSoOneOddPathCannotGrowBuildXml() {
        String longId = "x".repeat(5_000);
        BuildSummary summary = BuildSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row(longId, RowState.DRIFTED)));
        assertThat(summary.getDriftedIds().get(0)).hasSize(BuildSummary.MAX_ID_LENGTH);
    }

    @Test
    void persistedClassesHoldNoRecordsNoJavaTimeAndNoImmutableCollections() {
        for (Class<?> type : PERSISTED) {
            assertThat(type.isRecord()).as(type + " is a record").isFalse();
            for (Class<?> c = type; c != null && c.getName().startsWith("io.jenkins.plugins"); c = c.getSuperclass()) {
                for (Field field : c.getDeclaredFields()) {
                    if (Modifier.isTransient(field.getModifiers()) || Modifier.isStatic(field.getModifiers())) {
                        continue;
                    }
                    Class<?> fieldType = field.getType();
                    assertThat(fieldType.isRecord()).as(field + " is a record").isFalse();
                    assertThat(Temporal.class.isAssignableFrom(fieldType)).as(field + " is java.time").isFalse();
                    assertThat(fieldType.getName()).as(field.toString())
                            .doesNotStartWith("java.util.ImmutableCollections")
                            .isNotIn("java.util.List", "java.util.Map", "java.util.Set");
                }
            }
        }
    }
}
