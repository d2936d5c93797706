package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.DriftRepair;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * What the pages and lines say of drift that follows another stack's outputs, of the revert of drift a preview lists,
 * and since when a stack is in the state the table shows.
 */
class RepairWordsAndAgesTest {
    private static final long T = SampleRuns.T0;
    private static final StackId DNS = StackId.of("dns");
    private static final StackId NETWORK = StackId.of("network");
    private static final Change CIDR = Change.ofOutput(Action.UPDATE, "net_cidr", Cause.DRIFT);
    private static final Change VPC_DRIFT = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);

    private static TrailEntry outputsTaken() {
        return new TrailEntry(DNS, "7", T, T + 1_000, TrailResult.DEPLOYED, true, List.of("output.net_cidr"), "", T - 60_000,
                DriftRepair.NEW_UPSTREAM_VALUE, List.of(NETWORK));
    }

    @Test
    void aRepairOfOutputsThatFollowAnotherStackSaysItTookTheirNewValue() {
        Element li = Jsoup.parseBodyFragment(RecentlyDeployed.html(List.of(outputsTaken()), StackLinks.staticReport())).selectFirst("li");

        assertThat(li.selectFirst(".sd-trail-result").text()).isEqualTo("took the new value of network's outputs");
        assertThat(li.text()).doesNotContain("put back");
    }

    @Test
    void theTextOutputSaysTheSame() {
        RunRecord run = new RunRecord("7", RunKind.CHECK, "", T, T + 2_000, List.of(), List.of(outputsTaken()));
        assertThat(RunText.lines(run, false)).contains("dns: took the new value of network's outputs: output.net_cidr");
    }

    @Test
    void theRunJsonNamesTheStacksWhoseOutputsItTook() throws Exception {
        RunRecord run = new RunRecord("7", RunKind.CHECK, "", T, T + 2_000, List.of(), List.of(outputsTaken()));
        StringWriter out = new StringWriter();
        RunJsonWriter.write(new RunOutcome(Optional.of(run), List.of(), List.of(), List.of()), out);

        JsonNode entry = new ObjectMapper().readTree(out.toString())
                .path("trail").path(0);
        assertThat(entry.path("tookOutputsOf").toString()).isEqualTo("[\"network\"]");
        assertThat(entry.path("repairedDrift").asBoolean()).isTrue();
    }

    @Test
    void aStackWhoseOnlyDriftIsOutputsSaysADeployTakesTheNewValueNotThatItPutsItBack() {
        Row drifted = Row.of(DNS, Tool.TERRAFORM, "dns", RowState.DRIFTED, "").withDrift(List.of(CIDR))
                .withFileDependsOn(List.of(NETWORK));
        Document html = Jsoup.parseBodyFragment(StackPage.fragment(drifted, StackLinks.staticReport()));

        String note = html.selectFirst(".sd-section-drift .sd-section-note").text();
        assertThat(note).contains("Deploying this stack would take the new value of network's outputs").doesNotContain("put them back");

        Row repaired = drifted.withState(RowState.REPAIRED, "mode correct: a deploy in this run took the new value of network's outputs");
        Document page = Jsoup.parseBodyFragment(StackPage.fragment(repaired, StackLinks.staticReport()));
        assertThat(page.selectFirst(".sd-section-drift h3").text()).startsWith("Drift: new values taken in this run");
        assertThat(page.selectFirst(".sd-section-drift .sd-section-note").text())
                .startsWith("A deploy in this run took the new value of network's outputs.");
    }

    @Test
    void aPreviewsRevertOfDriftIsNotListedAsAChangeInTheCode() {
        // the preview of a stack that drifted lists putting the drift back as a change, marked as drift (PlansOfThisRun)
        Change revert = new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT);
        Change code = new Change(Action.CREATE, "aws_subnet", "aws_subnet.b", List.of("cidr_block"), Cause.CODE);
        Row onlyRevert = Row.of(NETWORK, Tool.TERRAFORM, "network", RowState.DRIFTED, "").withChanges(List.of(revert))
                .withDrift(List.of(VPC_DRIFT));
        Document html = Jsoup.parseBodyFragment(StackPage.fragment(onlyRevert, StackLinks.staticReport()));

        assertThat(html.select(".sd-section-changes")).isEmpty();
        assertThat(html.select(".sd-section-drift tbody tr")).hasSize(1);
        assertThat(html.selectFirst(".sd-section-drift .sd-section-note").text()).contains("Deploying this stack would put them back");
        assertThat(html.select(".sd-facts div").eachText()).contains("Changes 0", "Drift 1");
        assertThat(onlyRevert.changeCount()).as("the table counts the revert once, as the drift it puts back").isEqualTo(1);

        Row both = onlyRevert.withChanges(List.of(revert, code)).withState(RowState.PENDING_DRIFTED, "");
        Document page = Jsoup.parseBodyFragment(StackPage.fragment(both, StackLinks.staticReport()));
        assertThat(page.select(".sd-section-changes tbody tr")).hasSize(1);
        assertThat(page.selectFirst(".sd-section-changes h3").text()).isEqualTo("Changes in the code, not deployed yet 1");
        assertThat(page.selectFirst(".sd-section-changes code.sd-address").text()).isEqualTo("aws_subnet.b");
        assertThat(both.changeCount()).isEqualTo(2);
    }

    @Test
    void theTableSaysSinceWhenAStackDriftedAwaitsApprovalOrHadTheDriftItsRepairPutBack() {
        Row drifted = Row.of(NETWORK, Tool.TOFU, "network", RowState.DRIFTED, "").withDrift(List.of(VPC_DRIFT))
                .withDriftAge(new DriftAge(T - 86_400_000L, 4));
        Row awaiting = Row.of(StackId.of("edge"), Tool.PULUMI, "edge", RowState.SKIPPED, "not due; last known: awaiting approval")
                .withKnown(new KnownState(RowState.AWAITING_APPROVAL, T - 3_600_000L, T - 3_600_000L));
        Row repaired = Row.of(StackId.of("cache"), Tool.TERRAFORM, "cache", RowState.REPAIRED, "mode correct: put back")
                .withDrift(List.of(VPC_DRIFT)).withDriftAge(new DriftAge(T - 7_200_000L, 2));
        Row skipped = Row.of(StackId.of("reports"), Tool.TERRAFORM, "reports", RowState.SKIPPED, "dependency x failed");
        RunRecord run = new RunRecord("9", RunKind.CHECK, "", T, T + 1_000, List.of(drifted, awaiting, repaired, skipped), List.of());
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(run, StackLinks.staticReport()));

        assertThat(html.selectFirst("tr[data-stack=network] td.sd-since").text())
                .isEqualTo("drifted since 2026-09-20 14:13 UTC (4 checks)");
        assertThat(html.selectFirst("tr[data-stack=network] td.sd-since time").attr("datetime")).isEqualTo("2026-09-20T14:13:20Z");
        assertThat(html.selectFirst("tr[data-stack=edge] td.sd-since").text()).isEqualTo("awaiting since 2026-09-21 13:13 UTC");
        assertThat(html.selectFirst("tr[data-stack=cache] td.sd-since").text()).isEqualTo("drift first seen 2026-09-21 12:13 UTC");
        assertThat(html.selectFirst("tr[data-stack=reports] td.sd-since").text()).isEmpty();
    }

    @Test
    void aStackAwaitingApprovalFromAnEarlierRunShowsAsAwaitingNotSkipped() {
        Row awaiting = Row.of(StackId.of("edge"), Tool.PULUMI, "edge", RowState.SKIPPED, "not due; last known: awaiting approval")
                .withKnown(new KnownState(RowState.AWAITING_APPROVAL, T - 3_600_000L, T - 3_600_000L));
        Row skipped = Row.of(StackId.of("reports"), Tool.TERRAFORM, "reports", RowState.SKIPPED, "dependency x failed");
        RunRecord run = new RunRecord("9", RunKind.CHECK, "", T, T + 1_000, List.of(skipped, awaiting), List.of());
        Document html = Jsoup.parseBodyFragment(BuildPage.fragment(run, StackLinks.staticReport()));

        Element edge = html.selectFirst("tr[data-stack=edge]");
        assertThat(edge.attr("data-state")).isEqualTo("awaiting-approval");
        assertThat(edge.hasClass("sd-row-awaiting-approval")).isTrue();
        assertThat(edge.selectFirst(".sd-pill").hasClass("sd-state-awaiting-approval")).isTrue();
        assertThat(edge.selectFirst(".sd-pill").text()).isEqualTo("awaiting approval");
        assertThat(edge.selectFirst(".sd-earlier").text()).isEqualTo("from an earlier run");
        assertThat(html.select("tbody tr").eachAttr("data-stack")).as("awaiting comes before skipped").containsExactly("edge", "reports");
        assertThat(html.selectFirst("tr[data-stack=reports] .sd-pill").text()).isEqualTo("skipped");

        Document page = Jsoup.parseBodyFragment(StackPage.fragment(awaiting, StackLinks.staticReport()));
        assertThat(page.selectFirst(".sd-stack-head .sd-pill").text()).isEqualTo("awaiting approval");
        assertThat(page.selectFirst(".sd-reason").text()).startsWith("Awaiting approval from an earlier run, skipped in this one:");
    }

    @Test
    void theRepairedPageSaysWhenTheDriftWasFirstSeen() {
        Row repaired = Row.of(NETWORK, Tool.TOFU, "network", RowState.REPAIRED, "mode correct: put back by a deploy in this run")
                .withDrift(List.of(VPC_DRIFT)).withDriftAge(new DriftAge(T - 86_400_000L, 3));
        Document page = Jsoup.parseBodyFragment(StackPage.fragment(repaired, StackLinks.staticReport()));

        assertThat(page.selectFirst(".sd-drift-age").text())
                .isEqualTo("Drift first seen 2026-09-20 14:13 UTC (3 checks); put back in this run");
        assertThat(page.selectFirst(".sd-drift-age time").attr("datetime")).isEqualTo("2026-09-20T14:13:20Z");
    }
}
