package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import hudson.model.Action;
import hudson.model.Cause;
import hudson.model.CauseAction;
import hudson.model.InvisibleAction;
import hudson.model.ManagementLink;
import io.jenkins.plugins.stackdrift.StaplerExport.Place;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import io.jenkins.plugins.stackdrift.trigger.ScheduledDriftCheckCause;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import io.stackdrift.testing.ImportedClasses;

/**
 * {@code /api/json} and {@code currentBuild.getBuildCauses()} carry what the pages show, written by Stapler's own
 * exporter ({@link StaplerExport}): at the default depth a build's actions are one level down and its causes two, so
 * an action's getters need visibility 2 and a cause's 3, as core gives {@code CauseAction.getCauses} and
 * {@code Cause.getShortDescription}. Every action and cause of the plugin is written at depth 0 and 1.
 */
class ExportedApiTest {
    private static final StackDriftRunAction RUN = TestActions.step();
    private static final ApprovalCause APPROVAL = new ApprovalCause(4, List.of("net", "envs/dev"), true);

    private static CauseAction causes(final Cause... causes) {
        CauseAction action = mock(CauseAction.class);
        when(action.getCauses()).thenReturn(List.of(causes));
        return action;
    }

    private static StackDriftJobAction jobAction() {
        return TestActions.jobAction();
    }

    /** Every action the plugin puts on a build or a job. */
    private static List<Action> everyAction() {
        return TestActions.every();
    }

    @Test
    void aBuildsDefaultApiJsonShowsEachStepsCountsAndIds() throws Exception {
        JsonNode build = StaplerExport.apiJson(new StaplerExport.Actionable(RUN, causes(APPROVAL)), 0);

        JsonNode step = build.get("actions").get(0);
        assertThat(step.get("id").asText()).isEqualTo("check");
        assertThat(step.get("total").asInt()).isEqualTo(3);
        assertThat(step.get("drifted").asInt()).isEqualTo(1);
        assertThat(step.get("failed").asInt()).isEqualTo(1);
        assertThat(step.get("driftedStacks")).extracting(JsonNode::asText).containsExactly("net");
        JsonNode cause = build.get("actions").get(1).get("causes").get(0);
        assertThat(cause.get("sourceBuild").asInt()).isEqualTo(4);
        assertThat(cause.get("stacks")).extracting(JsonNode::asText).containsExactly("net", "envs/dev");
        assertThat(cause.get("destroy").asBoolean()).isTrue();
        assertThat(cause.get("shortDescription").asText()).isNotBlank();
    }

    @Test
    void theJobsDefaultApiJsonShowsTheTrendWithItsCounts() throws Exception {
        JsonNode job = StaplerExport.apiJson(new StaplerExport.Actionable(jobAction()), 0);

        JsonNode point = job.get("actions").get(0).get("trend").get(0);
        assertThat(point.get("build").asInt()).isEqualTo(7);
        assertThat(point.get("summary").get("drifted").asInt()).isEqualTo(1);
        assertThat(point.get("summary").get("driftedIds")).extracting(JsonNode::asText).containsExactly("net");
    }

    @Test
    void atDepthZeroAndOneNothingExportedIsLeftOut() throws Exception {
        for (int depth = 0; depth <= 1; depth++) {
            for (Object action : everyAction()) {
                JsonNode written = StaplerExport.apiJson(new StaplerExport.Actionable(action), depth).get("actions").get(0);
                assertThat(written.size()).as(action.getClass().getSimpleName() + " at depth " + depth).isGreaterThan(1);
            }
        }
        for (Object action : everyAction()) {
            assertThat(StaplerExport.hidden(action, Place.ACTION)).as(action.getClass().getSimpleName()).isEmpty();
        }
        for (Cause cause : List.of(APPROVAL, new ScheduledDriftCheckCause())) {
            assertThat(StaplerExport.hidden(cause, Place.CAUSE)).as(cause.getClass().getSimpleName()).isEmpty();
        }
    }

    @Test
    void getBuildCausesShowsWhatTheApprovalApproved() throws Exception {
        JsonNode cause = StaplerExport.buildCause(causes(APPROVAL));

        assertThat(cause.get("_class").asText()).isEqualTo(ApprovalCause.class.getName());
        assertThat(cause.get("sourceBuild").asInt()).isEqualTo(4);
        assertThat(cause.get("stacks")).hasSize(2);
        assertThat(cause.get("destroy").asBoolean()).isTrue();
        assertThat(StaplerExport.buildCause(causes(new ScheduledDriftCheckCause())).get("shortDescription").asText()).isNotBlank();
    }

    /**
     * Every action and cause class of the plugin is written above (a new one must be added there) and exports nothing
     * below the visibility its place needs: 2 for an action, 3 for a cause. A Manage Jenkins link is an {@code Action}
     * only for its icon and URL: no model object lists it in {@code actions}, so it must export nothing at all.
     */
    @Test
    void everyActionAndCauseOfThePluginIsCheckedAndVisibleEnough() {
        JavaClasses main = ImportedClasses.mainOf("io.jenkins.plugins.stackdrift");
        Set<Class<?>> written = new HashSet<>();
        everyAction().forEach(action -> written.add(action.getClass()));
        written.add(ApprovalCause.class);
        written.add(ScheduledDriftCheckCause.class);
        for (JavaClass type : main) {
            if (type.isAssignableTo(ManagementLink.class)) {
                assertThat(type.isAnnotatedWith(ExportedBean.class)).as(type.getName() + " exports as a bean").isFalse();
                continue;
            }
            boolean action = type.isAssignableTo(Action.class);
            boolean cause = type.isAssignableTo(Cause.class);
            if ((action || cause) && !type.isInterface() && !type.getModifiers().contains(JavaModifier.ABSTRACT)) {
                assertThat(written).as("written by this test").contains(type.reflect());
                assertThat(StaplerExport.lowVisibility(type.reflect(), cause ? 3 : 2)).as(type.getName()).isEmpty();
            }
        }
    }

    @Test
    void aPlantedMemberBelowItsPlacesVisibilityIsFound() {
        assertThat(StaplerExport.lowVisibility(PlantedAction.class, 2)).containsExactly("PlantedAction.getWords");
        assertThat(StaplerExport.lowVisibility(PlantedCause.class, 3)).containsExactly("PlantedCause.getStacks");
    }

    /** The check itself: a getter exported with the default visibility does not show where an action sits. */
    @Test
    void aPlantedGetterWithoutVisibilityIsFound() throws Exception {
        assertThat(StaplerExport.hidden(new PlantedAction(), Place.ACTION)).containsExactly("PlantedAction.words");
        assertThat(StaplerExport.hidden(new PlantedCause(), Place.CAUSE)).containsExactly("PlantedCause.stacks");
        assertThat(StaplerExport.hidden(new PlantedNesting(), Place.ACTION))
                .containsExactlyInAnyOrder("PlantedAction.count", "PlantedAction.words");
    }

    @ExportedBean
    public static final class PlantedAction extends InvisibleAction {
        @Exported(visibility = 2)
        public int getCount() {
            return 1;
        }

        @Exported
        public String getWords() {
            return "hidden at the default depth";
        }
    }

    public static final class PlantedCause extends Cause {
        @Exported(visibility = 2)
        public List<String> getStacks() {
            return List.of("net");
        }

        @Override
        public String getShortDescription() {
            return "planted";
        }
    }

    /** A bean nested in an action with too low a visibility for its depth. */
    @ExportedBean(defaultVisibility = 2)
    public static final class PlantedNesting {
        @Exported(visibility = 5)
        public PlantedAction getInner() {
            return new PlantedAction();
        }
    }
}
