package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StackPageTest {
    private static Row row(final String id) {
        return SampleRuns.representative().rows().stream().filter(r -> r.id().equals(StackId.of(id))).findFirst().orElseThrow();
    }

    private static Document page(final Row row) {
        return Jsoup.parseBodyFragment(StackPage.fragment(row, StackLinks.under("", ".html")));
    }

    @Test
    void aDriftedStackListsItsDriftLikeChangesWithEveryPath() {
        Document html = page(row("network:prod"));
        assertThat(html.select(".sd-section-drift tbody tr")).hasSize(2);
        assertThat(html.selectFirst(".sd-section-drift tbody tr").select("td").eachText())
                .containsExactly("update", "aws_security_group", "aws_security_group.web", "ingress[0].cidr_blocks tags.Owner");
        assertThat(html.select(".sd-section-changes")).isEmpty();
        assertThat(html.selectFirst(".sd-section-drift .sd-section-note").text()).contains("Deploying this stack would put them back");
    }

    @Test
    void aPendingStackThatDriftedListsTheDriftAfterTheChangesAndSaysTheDeployPutsItBack() {
        Document html = page(row("shop:prod"));
        assertThat(html.select("details.sd-section").eachAttr("class"))
                .containsExactly("sd-section sd-section-changes", "sd-section sd-section-drift");
        assertThat(html.selectFirst(".sd-section-drift .sd-section-note").text())
                .isEqualTo("These resources were also changed outside the code. The deploy of this stack puts them back to what the co"
                        + "de says.");
        assertThat(html.select(".sd-facts a").eachAttr("href")).containsExactly("dns.html", "network~3Aprod.html");
        assertThat(html.select(".sd-facts dd").eachText()).contains("dns, network:prod (read)");
    }

    @Test
    void ownedElsewherePathsHaveTheirOwnMutedSection() {
        Document html = page(row("network:prod"));
        assertThat(html.select(".sd-section-owned-elsewhere code").eachText()).contains("desired_capacity");
        assertThat(html.select(".sd-section-drift code").eachText()).doesNotContain("desired_capacity");
        assertThat(html.selectFirst(".sd-section-owned-elsewhere .sd-section-note").text()).contains("not drift");
    }

    @Test
    void failedSkippedAndAwaitingApprovalShowTheirReason() {
        assertThat(page(row("billing:staging")).selectFirst(".sd-reason-failed").text())
                .isEqualTo("Failed: error: could not load plugin for aws provider");
        assertThat(page(row("reports")).selectFirst(".sd-reason-skipped").text()).isEqualTo("Skipped: dependency billing:staging failed");
        assertThat(page(row("edge:prod")).selectFirst(".sd-reason-awaiting-approval").text())
                .isEqualTo("Awaiting approval: drift found; mode approve waits for a person");
        assertThat(page(row("dns")).selectFirst(".sd-ok").text()).startsWith("In sync");
    }

    @Test
    void fiftyThousandChangesGiveABoundedPageWithANoteOfHowManyMore() {
        List<Change> changes = new ArrayList<>();
        List<Change> drift = new ArrayList<>();
        for (int i = 0; i < 25_000; i++) {
            changes.add(new Change(Action.UPDATE, "aws_instance", "aws_instance.web[" + i + "]", List.of("tags.Name", "ami"), Cause.CODE));
            drift.add(new Change(Action.UPDATE, "aws_instance", "aws_instance.db[" + i + "]", List.of("tags.Name"), Cause.DRIFT));
        }
        Row big = Row.of(StackId.of("big"), Tool.TERRAFORM, "big", RowState.PENDING_DRIFTED, "").withChanges(changes).withDrift(drift);
        String fragment = StackPage.fragment(big, StackLinks.staticReport());
        Document html = Jsoup.parseBodyFragment(fragment);

        assertThat(html.select(".sd-changes tbody tr")).hasSize(RenderLimits.DEFAULTS.maxChangesPerPage());
        assertThat(html.select("details.sd-section")).allSatisfy(section -> assertThat(section.hasAttr("open")).isFalse());
        assertThat(html.select(".sd-section-changes .sd-note").text())
                .isEqualTo("24,500 more not listed (this page shows at most 500 changes).");
        assertThat(html.select(".sd-section-drift .sd-note").text()).startsWith("25,000 more not listed");
        assertThat(html.select(".sd-section-drift .sd-tally").text()).isEqualTo("25,000");
        assertThat(fragment.length()).isLessThan(200_000);
    }

    @Test
    void pathsOfOneChangeAreBounded() {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            paths.add("tags.k" + i);
        }
        Row row = Row.of(StackId.of("p"), Tool.TOFU, "p", RowState.DRIFTED, "")
                .withDrift(List.of(new Change(Action.UPDATE, "t", "t.a", paths, Cause.DRIFT)));
        Document html = page(row);
        assertThat(html.select(".sd-paths code")).hasSize(100);
        assertThat(html.selectFirst(".sd-paths li.sd-muted").text()).isEqualTo("150 more paths");
    }
}
