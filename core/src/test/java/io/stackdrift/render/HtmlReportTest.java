package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.record.Unreadable;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class HtmlReportTest {
    @TempDir
    Path dir;

    @Test
    void writesTheIndexOnePagePerStackTheBadgeAndTheAssets() throws IOException {
        RunRecord run = SampleRuns.representative();
        HtmlReport.write(dir, run, SampleRuns.history());

        assertThat(dir.resolve("index.html")).isNotEmptyFile();
        assertThat(dir.resolve("badge.svg")).hasContent(JobBadge.svg(run.counts()));
        assertThat(dir.resolve(Assets.CSS)).hasBinaryContent(Assets.bytes(Assets.CSS));
        assertThat(dir.resolve(Assets.JS)).hasBinaryContent(Assets.bytes(Assets.JS));
        try (Stream<Path> pages = Files.list(dir.resolve("stacks"))) {
            assertThat(pages.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "apps~2Fapi.html", "billing~3Astaging.html", "cache~3Aprod.html", "dns.html", "edge~3Aprod.html", "network~3Aprod.html",
                    "reports.html", "shop~3Aprod.html");
        }
        assertThat(leftoverTempFiles()).isEmpty();
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            // a report is meant to be served: the permissions of any new file (the umask), not a temp file's owner-only ones
            Path plain = Files.createFile(dir.resolve("plain.txt"));
            assertThat(Files.getPosixFilePermissions(dir.resolve("index.html"))).isEqualTo(Files.getPosixFilePermissions(plain));
        }
    }

    @Test
    void theTrendIsInRunOrderWhateverTheClocksAndNamesTheSummariesItCouldNotRead() throws IOException {
        Path record = Files.createDirectories(dir.resolve("record"));
        HistoryStore store = new HistoryStore(record);
        long now = 1_800_000_000_000L;
        Row net = SampleRuns.row("net", Tool.TERRAFORM, "net", RowState.IN_SYNC, "", List.of(), List.of(), List.of(), List.of());
        store.save(new RunRecord("1", RunKind.CHECK, "", now - 7_200_000, now - 7_100_000, List.of(net), List.of()));
        // run 2 was made by a machine whose clock was a year ahead
        store.save(new RunRecord("2", RunKind.CHECK, "", now + 31_536_000_000L, now + 31_536_100_000L, List.of(net), List.of()));
        long damaged = store.save(new RunRecord("3", RunKind.CHECK, "", now - 3_600_000, now - 3_500_000, List.of(net), List.of()))
                .sequence();
        Path summary = store.layout().summaryFile(damaged);
        Files.writeString(summary, Files.readString(summary).substring(0, 20));
        RunRecord run = new RunRecord("4", RunKind.CHECK, "", now, now + 100_000, List.of(net), List.of());
        store.save(run);
        HistoryStore.Trend trend = store.trend(100);

        HtmlReport.write(dir.resolve("html"), run, new HtmlReport.History(trend.runs(), store.trail(), trend.skippedLines()));

        Document index = Jsoup.parse(dir.resolve("html/index.html").toFile());
        // newest first: run 4, then 2 and 1; never run 2 as the newest for its clock
        assertThat(index.select("table.sd-trend-table tbody th").eachText()).containsExactly("#4", "#2", "#1");
        assertThat(index.select(".sd-trend-skipped").text()).startsWith("The picture leaves out 1 run whose summary could not be read:")
                .contains(record.relativize(summary).toString());
    }

    @Test
    void aRunFromTheFutureIsNotTheNewestWhenItsRunNumberIsLower() throws IOException {
        long now = 1_800_000_000_000L;
        Row net = SampleRuns.row("net", Tool.TERRAFORM, "net", RowState.IN_SYNC, "", List.of(), List.of(), List.of(), List.of());
        RunRecord first = new RunRecord("1", RunKind.CHECK, "", now - 7_200_000, now - 7_100_000, List.of(net), List.of());
        // run 2 was made by a machine whose clock was a year ahead
        RunRecord ahead = new RunRecord("2", RunKind.CHECK, "", now + 31_536_000_000L, now + 31_536_100_000L, List.of(net), List.of());
        RunRecord run = new RunRecord("3", RunKind.CHECK, "", now, now + 100_000, List.of(net), List.of());

        HtmlReport.write(dir, run, List.of(first, ahead));

        Document index = Jsoup.parse(dir.resolve("index.html").toFile());
        assertThat(index.select("desc#sd-trend-desc").text()).contains("Newest: Run #3:");
        assertThat(index.select("table.sd-trend-table tbody th").eachText()).containsExactly("#3", "#2", "#1");
    }

    @Test
    void aDamagedSummaryIsNamedOnThePageWithoutAnythingItHolds() throws IOException {
        Path record = Files.createDirectories(dir.resolve("record"));
        HistoryStore store = new HistoryStore(record);
        long now = 1_800_000_000_000L;
        Row net = SampleRuns.row("net", Tool.TERRAFORM, "net", RowState.IN_SYNC, "", List.of(), List.of(), List.of(), List.of());
        long notJson = store.save(new RunRecord("1", RunKind.CHECK, "", now - 300, now - 200, List.of(net), List.of())).sequence();
        long foreign = store.save(new RunRecord("2", RunKind.CHECK, "", now - 200, now - 100, List.of(net), List.of())).sequence();
        RunRecord run = new RunRecord("3", RunKind.CHECK, "", now, now + 100, List.of(net), List.of());
        store.save(run);
        // a damaged file may hold anything: the page says where it is and why, never what is in it
        Files.writeString(store.layout().summaryFile(notJson), "hunter2 and more");
        Files.writeString(store.layout().summaryFile(foreign), "{\"format\":\"hunter3/1\",\"runId\":\"hunter4\"}");
        HistoryStore.Trend trend = store.trend(100);

        HtmlReport.write(dir.resolve("html"), run, new HtmlReport.History(trend.runs(), store.trail(), trend.skippedLines()));

        Document index = Jsoup.parse(dir.resolve("html/index.html").toFile());
        assertThat(index.select(".sd-picture .sd-trend-skipped li").eachText()).containsExactly(
                "runs/run-000000000002.summary.json: " + Unreadable.NOT_OURS.words(),
                "runs/run-000000000001.summary.json: " + Unreadable.NOT_JSON.words());
        assertThat(index.html()).doesNotContain("hunter");
        assertThat(store.warnings()).noneMatch(w -> w.contains("hunter"));
    }

    @Test
    void everyLinkOfTheIndexLeadsToAWrittenPage() throws IOException {
        HtmlReport.write(dir, SampleRuns.representative(), SampleRuns.history());
        Document index = Jsoup.parse(dir.resolve("index.html").toFile());

        List<String> hrefs = index.select("a[href]").eachAttr("href");
        assertThat(hrefs).isNotEmpty();
        for (String href : hrefs) {
            assertThat(dir.resolve(URLDecoder.decode(href, StandardCharsets.UTF_8)).normalize())
                    .as(href).startsWith(dir).exists();
        }
        Document stack = Jsoup.parse(dir.resolve("stacks/shop~3Aprod.html").toFile());
        assertThat(stack.select("link[rel=stylesheet]").attr("href")).isEqualTo("../stackdrift.css");
        for (String href : stack.select("a[href]").eachAttr("href")) {
            assertThat(dir.resolve("stacks").resolve(href).normalize()).as(href).exists();
        }
    }

    @Test
    void stacksWithoutAPageAreTextNotDeadLinks() throws IOException {
        RunRecord base = SampleRuns.representative();
        List<Row> rows = new ArrayList<>(base.rows());
        rows.add(SampleRuns.row("orphan", Tool.PULUMI, "o", RowState.IN_SYNC, "",
                List.of(), List.of(), List.of(), List.of("outside:repo")));
        List<TrailEntry> trail = List.of(new TrailEntry(
                StackId.of("removed:stack"), "42", SampleRuns.T0, SampleRuns.T0 + 1,
                TrailResult.DEPLOYED, false, List.of(), "", 0));
        RunRecord run = new RunRecord("42", base.kind(), base.cause(), base.startedAt(), base.finishedAt(), rows, trail);
        HtmlReport.write(dir, run, List.of());

        Document index = Jsoup.parse(dir.resolve("index.html").toFile());
        assertThat(index.selectFirst("tr[data-stack=orphan] td.sd-deps").text()).isEqualTo("outside:repo (read)");
        assertThat(index.select("tr[data-stack=orphan] td.sd-deps a")).isEmpty();
        assertThat(index.selectFirst("span.sd-trail-stack").text()).isEqualTo("removed:stack");
        Document orphan = Jsoup.parse(dir.resolve("stacks/orphan.html").toFile());
        assertThat(orphan.select(".sd-facts a")).isEmpty();
        assertThat(orphan.selectFirst(".sd-facts").text()).contains("Depends on outside:repo");
    }

    @Test
    void theIndexShowsTheRunTheTableTheDriftPictureAndTheTrail() throws IOException {
        HtmlReport.write(dir, SampleRuns.representative(), SampleRuns.history());
        Document index = Jsoup.parse(dir.resolve("index.html").toFile());

        assertThat(index.title()).isEqualTo("Drift check #42 · Stack Drift");
        assertThat(index.selectFirst("h1").text()).isEqualTo("Drift check #42");
        assertThat(index.selectFirst(".sd-run-line").text()).isEqualTo("scheduled drift check · 2026-09-21 14:13 UTC · took 3m 2s");
        assertThat(index.select("svg.sd-trend g.sd-bar")).hasSize(7);
        assertThat(index.select(".sd-trail-entry")).hasSize(9);
    }

    @Test
    void aRunAlsoFoundInTheHistoryIsCountedOnce() throws IOException {
        RunRecord run = SampleRuns.representative();
        List<RunRecord> history = new ArrayList<>(SampleRuns.history());
        history.add(run);
        HtmlReport.write(dir, run, history);
        Document index = Jsoup.parse(dir.resolve("index.html").toFile());
        assertThat(index.select("svg.sd-trend g.sd-bar")).hasSize(7);
        assertThat(index.select(".sd-trail-entry")).hasSize(9);
    }

    @Test
    void aThousandStacksWithFiftyChangesEachGiveBoundedPages() throws IOException {
        RunRecord large = SampleRuns.large(1_000, 50);
        HtmlReport.write(dir, large, List.of());

        long index = Files.size(dir.resolve("index.html"));
        long largestStackPage;
        long pages;
        try (Stream<Path> files = Files.list(dir.resolve("stacks"))) {
            List<Long> sizes = files.map(HtmlReportTest::size).toList();
            largestStackPage = sizes.stream().mapToLong(Long::longValue).max().orElseThrow();
            pages = sizes.size();
        }
        assertThat(pages).isEqualTo(1_000);
        // the index lists stacks, never their changes: about 0.5 KB a stack
        assertThat(index).isLessThan(1_000 * 600L);
        assertThat(largestStackPage).isLessThan(60_000L);
        Document doc = Jsoup.parse(dir.resolve("index.html").toFile());
        assertThat(doc.select("table.sd-rows tbody tr")).hasSize(1_000);
        assertThat(doc.selectFirst(".sd-counts").text())
                .isEqualTo("1000 stacks · 772 in sync · 100 drifted ● · 100 pending · 128 failed ●");
    }

    @Test
    void writingAgainReplacesTheReport() throws IOException {
        HtmlReport.write(dir, SampleRuns.representative(), List.of());
        HtmlReport.write(dir, SampleRuns.large(3, 1), List.of());
        assertThat(Jsoup.parse(dir.resolve("index.html").toFile()).select("table.sd-rows tbody tr")).hasSize(3);
        assertThat(leftoverTempFiles()).isEmpty();
    }

    private List<Path> leftoverTempFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static long size(final Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
