package io.jenkins.plugins.stackdrift;

import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.addCredentials;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.assertNoSecretIn;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoCopy;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.demoJob;
import static io.jenkins.plugins.stackdrift.DemoPipelineITestSupport.editConfig;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.nio.file.Path;

import hudson.ExtensionList;
import hudson.model.Result;
import io.jenkins.plugins.stackdrift.actions.StackDriftJobAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftTab;
import org.htmlunit.html.HtmlCheckBoxInput;
import org.htmlunit.html.HtmlForm;
import org.htmlunit.html.HtmlPage;
import org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition;
import org.jenkinsci.plugins.workflow.job.WorkflowJob;
import org.jenkinsci.plugins.workflow.job.WorkflowRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.junit.jupiter.WithJenkins;

import io.stackdrift.testing.PosixOnly;

/**
 * Every page the plugin adds, rendered by the real Jelly and Stapler (real build only): the build's main page
 * (summary, and the side panel's one link to the Stack Drift tab), the build history entry (badge), the build's Stack
 * Drift page and a per-stack page reached by its link, the job page and its badge.svg, also after a later build that
 * left no record, and Manage Jenkins →
 * System with the plugin's section, saved without change. A Jelly key the JEXL parser rejects, a getter core's
 * routing filter blocks, or a job action that vanishes with the last build's record fails here.
 */
@WithJenkins
@PosixOnly
class PagesITest {
    @TempDir
    Path temp;

    private JenkinsRule r;

    @BeforeEach
    void beforeEach(final JenkinsRule rule) {
        r = rule;
    }

    @Test
    void theBuildPageItsHistoryBadgeAndTheStackPagesRender() throws Exception {
        addCredentials(r);
        WorkflowJob p = demoJob(r, "pages", reportOnly(temp.resolve("demo")), "checkDrift()");
        WorkflowRun b = r.buildAndAssertStatus(Result.UNSTABLE, p);
        StackDriftRunAction action = b.getAction(StackDriftRunAction.class);
        assertThat(action.getDriftedStacks()).containsExactly("network");

        try (JenkinsRule.WebClient wc = r.createWebClient()) {
            // the build's main page includes the run action's summary.jelly: the core's counts line and the drifted ids
            HtmlPage buildPage = wc.getPage(b);
            assertThat(buildPage.querySelector(".sd-count-drifted strong").getTextContent()).isEqualTo("1");
            assertThat(buildPage.getAnchorByHref(action.getUrlName() + "/")).isNotNull();
            assertThat(buildPage.asNormalizedText()).contains("Drifted: network");
            assertNoSecretIn(buildPage.getWebResponse().getContentAsString());
            // the classic build page's side panel has one link to the build's Stack Drift tab (core's Tab renders none)
            StackDriftTab tab = b.getAction(StackDriftTab.class);
            assertThat(tab).isNotNull();
            String tabLink = r.contextPath + "/" + b.getUrl() + tab.getUrlName();
            assertThat(buildPage.getAnchors()).filteredOn(a -> a.getHrefAttribute().equals(tabLink)).hasSize(1);

            // the build history (its entries come from this URL) includes badge.jelly with the core's badge words
            String history = wc.goTo(p.getUrl() + "buildHistory/ajax").getWebResponse().getContentAsString();
            assertThat(action.getBadgeWords()).isNotBlank();
            assertThat(history).contains(action.getBadgeWords());

            // the build's one Stack Drift tab lists its steps and links each step's page
            HtmlPage tabPage = wc.getPage(b, tab.getUrlName() + "/");
            assertThat(tabPage.getAnchorByHref("../" + action.getUrlName() + "/")).isNotNull();
            assertThat(tabPage.querySelector(".sd-count-drifted strong").getTextContent()).isEqualTo("1");

            // the build's Stack Drift page links each stack; the link leads to the stack page (a routable type)
            HtmlPage actionPage = wc.getPage(b, action.getUrlName() + "/");
            HtmlPage stackPage = actionPage.getAnchorByHref("stack/network/").click();
            assertThat(stackPage.getWebResponse().getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
            assertThat(stackPage.getWebResponse().getContentAsString()).contains("tags.Owner");
            assertNoSecretIn(stackPage.getWebResponse().getContentAsString());
            wc.assertFails(b.getUrl() + action.getUrlName() + "/stack/no-such-stack/", HttpURLConnection.HTTP_NOT_FOUND);
        }
    }

    @Test
    void theJobPageAndItsBadgeStayWhenTheLastBuildLeftNoRecord() throws Exception {
        addCredentials(r);
        WorkflowJob p = demoJob(r, "job-page", reportOnly(temp.resolve("demo")), "checkDrift()");
        r.buildAndAssertStatus(Result.UNSTABLE, p);

        try (JenkinsRule.WebClient wc = r.createWebClient()) {
            String badge = assertJobPageWithBadge(wc, p);
            assertThat(badge).contains("1 stack");

            // a later build that fails before any Stack Drift step: the last completed build has no record
            p.setDefinition(new CpsFlowDefinition("node('built-in') { error 'the checkout failed' }", true));
            WorkflowRun failed = r.buildAndAssertStatus(Result.FAILURE, p);
            assertThat(failed.getAction(StackDriftRunAction.class)).isNull();
            assertThat(assertJobPageWithBadge(wc, p)).isEqualTo(badge);
        }
    }

    /**
     * A copy of the demo whose network stack only reports its drift: in the demo it is in drift mode correct, so a
     * check would put its drift back and the build would end SUCCESS with nothing drifted.
     */
    private static Path reportOnly(final Path dir) throws IOException {
        Path demo = demoCopy(dir);
        editConfig(demo, "  - dir: network\n    drift:\n      mode: correct\n", "  - dir: network\n    drift:\n      mode: report\n");
        return demo;
    }

    /** The job page shows the section with the badge image, and the image's stable URL serves the SVG. */
    private String assertJobPageWithBadge(final JenkinsRule.WebClient wc, final WorkflowJob p) throws Exception {
        HtmlPage jobPage = wc.getPage(p);
        String url = p.getAction(StackDriftJobAction.class).getUrlName() + "/";
        assertThat(jobPage.getByXPath("//img[contains(@src, '/" + p.getUrl() + url + "badge.svg')]")).isNotEmpty();
        assertThat(wc.getPage(p, url).getWebResponse().getStatusCode()).isEqualTo(HttpURLConnection.HTTP_OK);
        return wc.goTo(p.getUrl() + url + "badge.svg", "image/svg+xml").getWebResponse().getContentAsString();
    }

    @Test
    void manageJenkinsSystemRendersThePluginsSectionAndSavesItUnchanged() throws Exception {
        StackDriftGlobalConfiguration config = ExtensionList.lookupSingleton(StackDriftGlobalConfiguration.class);
        config.setDefaultParallelism(3);
        config.setDefaultDriftResult("FAILURE");
        config.setDefaultFailedResult("UNSTABLE");
        config.setTerraformPath("/opt/terraform/bin/terraform");
        config.setTofuPath("/opt/tofu/bin/tofu");
        config.setPulumiPath("/opt/pulumi/bin/pulumi");
        Durability durability = new Durability();
        durability.setDurableSteps(false);
        durability.setAgentReconnectTimeout("10m");
        durability.setToolStopGrace("90s");
        config.setDurability(durability);

        try (JenkinsRule.WebClient wc = r.createWebClient()) {
            HtmlForm form = wc.goTo("manage/configure").getFormByName("config");
            assertThat(form.getInputByName("_.terraformPath").getValue()).isEqualTo("/opt/terraform/bin/terraform");
            assertThat(form.getInputByName("_.defaultParallelism").getValue()).isEqualTo("3");
            assertThat(form.getInputByName("_.toolStopGrace").getValue()).isEqualTo("1m30s");
            HtmlCheckBoxInput durable = form.getInputByName("_.durableSteps");
            assertThat(durable.isChecked()).isFalse();
            // a select: HtmlForm.getInputByName finds only <input> elements
            assertThat(form.getSelectByName("_.defaultDriftResult").getSelectedOptions())
                    .extracting(option -> option.getValueAttribute()).containsExactly("FAILURE");
        }
        // the form as rendered, submitted: every field binds back to the same value
        r.configRoundtrip();
        assertThat(config.getDefaultParallelism()).isEqualTo(3);
        assertThat(config.getDefaultDriftResult()).isEqualTo("FAILURE");
        assertThat(config.getDefaultFailedResult()).isEqualTo("UNSTABLE");
        assertThat(config.getTerraformPath()).isEqualTo("/opt/terraform/bin/terraform");
        assertThat(config.getTofuPath()).isEqualTo("/opt/tofu/bin/tofu");
        assertThat(config.getPulumiPath()).isEqualTo("/opt/pulumi/bin/pulumi");
        assertThat(config.getDurability().isDurableSteps()).isFalse();
        assertThat(config.getDurability().getAgentReconnectTimeout()).isEqualTo("10m");
        assertThat(config.getDurability().getToolStopGrace()).isEqualTo("1m30s");
    }
}
