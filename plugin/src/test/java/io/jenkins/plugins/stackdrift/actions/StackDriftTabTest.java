package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;

import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

/** One Stack Drift tab per build lists its steps; the steps have no side-panel link of their own. */
class StackDriftTabTest {
    private static StackDriftRunAction step(final String id) {
        return new StackDriftRunAction(id, BuildSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED))));
    }

    @Test
    void aBuildWithStepsHasOneTabListingThemAndTheStepsNoLinkOfTheirOwn() {
        Run<?, ?> build = mock(Run.class);
        StackDriftRunAction check = step("check");
        StackDriftRunAction deploy = step("deploy");
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(check, deploy));

        assertThat(new StackDriftTabFactory().createFor(build)).singleElement().isInstanceOfSatisfying(StackDriftTab.class, tab -> {
            assertThat(tab.getUrlName()).isEqualTo("stack-drift");
            assertThat(tab.getIconFileName()).isNotNull();
            assertThat(tab.getDisplayName()).isEqualTo("Stack Drift");
            assertThat(tab.getStepIds()).containsExactly("check", "deploy");
            assertThat(tab.getObject()).isSameAs(build);
        });
        assertThat(check.getIconFileName()).as("listed by the tab, reachable at its URL").isNull();
        assertThat(check.getUrlName()).isEqualTo("stack-drift-check");
    }

    @Test
    void aBuildWithoutStepsHasNoTab() {
        Run<?, ?> build = mock(Run.class);
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of());
        assertThat(new StackDriftTabFactory().createFor(build)).isEmpty();
    }

    /** A build recorded before ids: its one step's page is at the tab's URL and keeps its own link. */
    @Test
    void aBuildRecordedBeforeIdsKeepsItsOneLinkAndGetsNoTab() {
        Run<?, ?> build = mock(Run.class);
        StackDriftRunAction old = new StackDriftRunAction(null, step("x").getSummary());
        when(build.getActions(StackDriftRunAction.class)).thenReturn(List.of(old));
        assertThat(new StackDriftTabFactory().createFor(build)).isEmpty();
        assertThat(old.getIconFileName()).isNotNull();
        assertThat(old.getUrlName()).isEqualTo("stack-drift");
    }
}
