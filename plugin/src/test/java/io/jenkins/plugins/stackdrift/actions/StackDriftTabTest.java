package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;

import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import io.stackdrift.model.RowState;
import io.stackdrift.record.RunKind;

/**
 * One Stack Drift tab per build lists its steps; the steps have no side-panel link of their own, the tab has one on the
 * classic build page.
 */
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

    /**
     * Core's Tab renders no side-panel link (its action.jelly is empty, for the new build page's tabs): the tab's own
     * action.jelly, which Stapler finds first, renders one task linking the tab under the build's URL, on the classic
     * build page only (the new page shows the tab itself).
     */
    @Test
    @SuppressWarnings("checkstyle:inlineQualifiedName") // core's flag class, named in the view by its name
    void theTabHasItsOwnSidePanelLinkOnTheClassicBuildPage() throws Exception {
        Path view = Path.of("src/main/resources", StackDriftTab.class.getName().replace('.', '/'), "action.jelly");
        assertThat(view).as("the tab's side-panel view").isRegularFile();
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document jelly = factory.newDocumentBuilder().parse(Files.newInputStream(view));
        NodeList tasks = jelly.getElementsByTagNameNS("/lib/layout", "task");
        assertThat(tasks.getLength()).as("side-panel links").isEqualTo(1);
        Element task = (Element) tasks.item(0);
        assertThat(task.getAttribute("href")).endsWith("/${action.urlName}").startsWith("${h.getNearestAncestorUrl(request2, it)}");
        assertThat(task.getAttribute("icon")).isEqualTo("${action.iconFileName}");
        assertThat(task.getAttribute("title")).isEqualTo("${action.displayName}");
        List<String> guards = new ArrayList<>();
        for (Node n = task.getParentNode(); n instanceof Element; n = n.getParentNode()) {
            if ("if".equals(n.getLocalName())) {
                guards.add(((Element) n).getAttribute("test"));
            }
        }
        assertThat(guards).containsExactly("${!newBuildPage}");
        Element flag = (Element) jelly.getElementsByTagNameNS("/lib/layout", "userExperimentalFlag").item(0);
        assertThat(flag.getAttribute("var")).isEqualTo("newBuildPage");
        assertThat(flag.getAttribute("flagClassName")).isEqualTo("jenkins.model.experimentalflags.NewBuildPageUserExperimentalFlag");
    }
}
