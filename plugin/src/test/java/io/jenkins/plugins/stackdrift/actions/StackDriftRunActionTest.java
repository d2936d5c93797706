package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import hudson.model.Run;
import io.jenkins.plugins.stackdrift.TestRecords;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.StaplerResponse2;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.KnownState;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RecordJson;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.Assets;
import io.stackdrift.render.StackFileName;

class StackDriftRunActionTest {
    @TempDir
    File buildDir;

    private StackDriftRunAction loaded(final RunRecord record) throws Exception {
        return loaded("check", record);
    }

    private StackDriftRunAction loaded(final String id, final RunRecord record) throws Exception {
        RunDetails.store(out -> RecordJson.writeRun(out, 7, record), RunDetails.createDirectoryFor(buildDir, id));
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        StackDriftRunAction action = new StackDriftRunAction(id, BuildSummary.of(record));
        action.onLoad(run);
        return action;
    }

    @Test
    void twoStepsOfOneBuildKeepTheirOwnDetailsUrlNameAndBadge() throws Exception {
        StackDriftRunAction check = loaded("check", TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED)));
        StackDriftRunAction deploy = loaded("deploy-eu", TestRecords.record(RunKind.DEPLOY, TestRecords.row("dns", RowState.FAILED),
                TestRecords.row("net", RowState.IN_SYNC)));
        assertThat(check.getRows()).extracting(r -> r.id().value()).containsExactly("net");
        assertThat(deploy.getRows()).extracting(r -> r.id().value()).containsExactly("dns", "net");
        assertThat(check.getUrlName()).isEqualTo("stack-drift-check");
        assertThat(deploy.getUrlName()).isEqualTo("stack-drift-deploy-eu");
        assertThat(deploy.getDisplayName()).isEqualTo("Stack Drift: deploy-eu");
        assertThat(deploy.getId()).isEqualTo("deploy-eu");
        assertThat(check.getBadgeWords()).isEqualTo("check: 1 stack drifted");
        assertThat(deploy.getBadgeWords()).isEqualTo("deploy-eu: 1 stack failed");
        assertThat(new File(buildDir, "stack-drift/check/" + RunDetails.FILE_NAME)).isFile();
        assertThat(new File(buildDir, "stack-drift/deploy-eu/" + RunDetails.FILE_NAME)).isFile();
        assertThat(new File(buildDir, RunDetails.FILE_NAME)).doesNotExist();
    }

    @Test
    void rowsAreReadFromTheCoreRecordFileOnlyWhenAsked() throws Exception {
        RunRecord record = TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED));
        StackDriftRunAction action = loaded(record);
        File details = RunDetails.of(buildDir, "check").file();
        assertThat(details).isFile();
        assertThat(Files.readString(details.toPath()))
                .startsWith("{\"format\":\"stackdrift-run-details/1\"");
        assertThat(action.getRows()).containsExactlyElementsOf(record.rowsSorted());
        assertThat(action.getRows().get(0).drift().toList().get(0).paths()).containsExactly("tags.Name");
    }

    @Test
    void aMissingDetailsFileLeavesTheSummaryWorking() {
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        StackDriftRunAction action = new StackDriftRunAction("check", BuildSummary.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("net", RowState.DRIFTED))));
        action.onAttached(run);
        assertThat(action.getRows()).isEmpty();
        assertThat(action.getCountsLine()).isEqualTo("1 stack · 0 in sync · 1 drifted ● · 0 pending · 0 failed");
        assertThat(Jsoup.parse(action.getBuildFragment()).text()).contains("1 drifted");
        assertThat(action.isBadgeShown()).isTrue();
        assertThat(action.getUrlName()).isEqualTo("stack-drift-check");
    }

    @Test
    void theBadgeUsesTheCoresWords() {
        BuildSummary drift = BuildSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.DRIFTED),
                TestRecords.row("b", RowState.DRIFTED), TestRecords.row("c", RowState.FAILED)));
        assertThat(new StackDriftRunAction("check", drift).getBadgeWords()).isEqualTo("check: 2 stacks drifted, 1 failed");
        BuildSummary clean = BuildSummary.of(TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.IN_SYNC)));
        assertThat(new StackDriftRunAction("check", clean).getBadgeWords()).isNull();
        assertThat(new StackDriftRunAction("check", clean).isBadgeShown()).isFalse();
    }

    @Test
    void theBuildPageIsTheCoresFragmentWithLinksToStackPagesAndHostileNamesEscaped() throws Exception {
        Change hostile = new Change(Action.UPDATE, "aws_s3_bucket", "aws_s3_bucket.<script>alert(1)</script>",
                List.of("tags.<img src=x onerror=alert(2)>"), Cause.DRIFT);
        Row row = Row.of(StackId.of("envs/<b>prod</b>"), Tool.TOFU, "envs/prod", RowState.DRIFTED, "").withDrift(List.of(hostile));
        StackDriftRunAction action = loaded(new RunRecord("7", RunKind.CHECK, "", 1L, 2L,
                List.of(row, TestRecords.row("dns", RowState.IN_SYNC)), List.of()));

        Document page = Jsoup.parse(action.getBuildFragment());

        assertThat(page.select("script")).isEmpty();
        assertThat(page.select("b")).isEmpty();
        assertThat(page.text()).contains("envs/<b>prod</b>");
        String href = "stack/" + StackFileName.of(row.id()) + "/";
        assertThat(page.select("a[href]").eachAttr("href")).anyMatch(h -> h.startsWith("stack/") && h.endsWith("/"));

        StackView stack = action.getStack(StackFileName.of(row.id()));
        assertThat(stack).isNotNull();
        Document stackPage = Jsoup.parse(stack.getFragment());
        assertThat(stackPage.select("script, img")).isEmpty();
        assertThat(stackPage.text()).contains("aws_s3_bucket.<script>alert(1)</script>").contains("tags.<img src=x onerror=alert(2)>");
        assertThat(action.getStack("no-such-stack")).isNull();
        assertThat(href).isNotEmpty();
    }

    @Test
    void aStackAwaitingApprovalFromAnEarlierBuildShowsAsAwaitingAndARepairedOneWhenItsDriftWasFirstSeen() throws Exception {
        // what the history knew of the skipped stack, and the repaired row's drift age, come back from the details file
        Row awaiting = Row.of(StackId.of("edge"), Tool.PULUMI, "edge", RowState.SKIPPED, "not due; last known: awaiting approval")
                .withKnown(new KnownState(RowState.AWAITING_APPROVAL, 1_790_000_000_000L, 1_790_000_000_000L));
        Row repaired = Row.of(StackId.of("net"), Tool.TOFU, "net", RowState.REPAIRED, "mode correct: put back by a deploy in this run")
                .withDrift(List.of(new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("tags.Owner"), Cause.DRIFT)))
                .withDriftAge(new DriftAge(1_790_000_000_000L, 2));
        StackDriftRunAction action = loaded(new RunRecord("7", RunKind.CHECK, "", 1_790_000_100_000L, 1_790_000_200_000L,
                List.of(awaiting, repaired, TestRecords.row("dns", RowState.SKIPPED)), List.of()));

        Document page = Jsoup.parse(action.getBuildFragment());

        assertThat(page.selectFirst("tr[data-stack=edge]").attr("data-state")).isEqualTo("awaiting-approval");
        assertThat(page.selectFirst("tr[data-stack=edge] .sd-pill").text()).isEqualTo("awaiting approval");
        assertThat(page.selectFirst("tr[data-stack=edge] .sd-since").text()).isEqualTo("awaiting since 2026-09-21 14:13 UTC");
        assertThat(page.selectFirst("tr[data-stack=dns] .sd-pill").text()).isEqualTo("skipped");
        assertThat(page.selectFirst("tr[data-stack=net] .sd-since").text()).isEqualTo("drift first seen 2026-09-21 14:13 UTC");
        Document net = Jsoup.parse(action.getStack(StackFileName.of(repaired.id())).getFragment());
        assertThat(net.selectFirst(".sd-drift-age").text()).startsWith("Drift first seen 2026-09-21 14:13 UTC (2 checks)");
    }

    @Test
    void theCoresStyleSheetAndScriptAreServedAsFilesOfTheAction() throws Exception {
        StackDriftRunAction action = new StackDriftRunAction("check", BuildSummary.of(
                TestRecords.record(RunKind.CHECK, TestRecords.row("a", RowState.IN_SYNC))));
        StaplerRequest2 req = mock(StaplerRequest2.class);
        StaplerResponse2 rsp = mock(StaplerResponse2.class);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        when(req.getRestOfPath()).thenReturn("/assets/" + Assets.CSS);
        when(rsp.getOutputStream()).thenReturn(servletStream(body));
        action.doDynamic(req, rsp);
        verify(rsp).setContentType("text/css;charset=UTF-8");
        assertThat(body.toByteArray()).isEqualTo(Assets.bytes(Assets.CSS));

        StaplerResponse2 missing = mock(StaplerResponse2.class);
        when(req.getRestOfPath()).thenReturn("/assets/../../secrets");
        action.doDynamic(req, missing);
        verify(missing).sendError(404);
        assertThat(new String(Assets.bytes(Assets.JS), StandardCharsets.UTF_8)).isNotEmpty();
    }

    static ServletOutputStream servletStream(final OutputStream out) {
        return new ServletOutputStream() {
            @Override
            public void write(final int b) throws IOException {
                out.write(b);
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(final WriteListener listener) {
            }
        };
    }
}
