package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.stackdrift.record.RunRecord;
import io.stackdrift.testing.Fixtures;

/**
 * Opens the static report in headless Chromium: the counts line and the table render, the script sorts
 * and filters the table from the URL, a stack page opens from its link, and screenshots land in
 * {@code target/}. Without {@code /usr/bin/chromium} the test is skipped, unless the switch {@code STACKDRIFT_REQUIRE_FIXTURES=1}
 * ({@link Fixtures#missing}) requires it; then it fails.
 */
class HtmlReportBrowserTest {
    private static final Path CHROMIUM = Paths.get("/usr/bin/chromium");
    private static Path report;

    @BeforeAll
    static void writeReport() throws IOException {
        if (!Files.isExecutable(CHROMIUM)) {
            Fixtures.missing("no Chromium at " + CHROMIUM + " (Debian package chromium)");
        }
        report = Paths.get("target", "browser-report").toAbsolutePath();
        RunRecord run = SampleRuns.representative();
        HtmlReport.write(report, run, SampleRuns.history());
    }

    @Test
    void indexShowsTheCountsLineAndEveryStackMostUrgentFirst() throws Exception {
        Document dom = Jsoup.parse(chromium("--dump-dom", url(report.resolve("index.html"), "")));

        assertThat(dom.selectFirst("html").hasClass("sd-js")).as("the script ran").isTrue();
        assertThat(dom.selectFirst(".sd-counts").text())
                .isEqualTo("8 stacks · 1 in sync · 2 drifted ● · 2 pending · 1 failed ● · 1 repaired · 1 awaiting approval · 1 skipped");
        assertThat(stackColumn(dom)).containsExactly("billing:staging", "shop:prod", "network:prod", "edge:prod", "apps/api",
                "cache:prod", "reports",
                "dns");
        assertThat(dom.selectFirst(".sd-controls").hasAttr("hidden")).as("controls shown by the script").isFalse();
        assertThat(dom.selectFirst(".sd-shown").text()).isEqualTo("Showing 8 of 8 stacks");
    }

    @Test
    void theScriptFiltersAndSortsFromTheAddress() throws Exception {
        Document dom = Jsoup.parse(chromium("--dump-dom", url(report.resolve("index.html"), "#state=attention&sort=changes&dir=desc")));

        List<String> visible = new ArrayList<>();
        for (Element tr : dom.select("table.sd-rows tbody tr")) {
            if (!tr.hasAttr("hidden")) {
                visible.add(tr.attr("data-stack"));
            }
        }
        // needs attention = not in sync and not skipped; most changes first, ties by stack id
        assertThat(visible).containsExactly("shop:prod", "network:prod", "apps/api", "billing:staging", "edge:prod");
        assertThat(dom.selectFirst("th[data-sort=changes]").attr("aria-sort")).isEqualTo("descending");
        assertThat(dom.selectFirst(".sd-shown").text()).isEqualTo("Showing 5 of 5 stacks (8 in all)");
    }

    @Test
    void aStackLinkOpensItsPage() throws Exception {
        Document index = Jsoup.parse(chromium("--dump-dom", url(report.resolve("index.html"), "")));
        String href = index.selectFirst("tr[data-stack=shop:prod] a").attr("href");
        Path page = report.resolve(href).normalize();
        assertThat(page).startsWith(report).exists();

        Document dom = Jsoup.parse(chromium("--dump-dom", url(page, "")));
        assertThat(dom.selectFirst(".sd-stack-title").text()).isEqualTo("shop:prod");
        assertThat(dom.select(".sd-section > summary h3").eachText())
                .containsExactly("Changes in the code, not deployed yet 2", "Drift: changed outside the code 1");
        assertThat(dom.selectFirst(".sd-section-drift .sd-section-note").text()).contains("The deploy of this stack puts them back");
        assertThat(dom.selectFirst(".sd-nav a").attr("href")).isEqualTo("../index.html");

        chromium("--screenshot=" + Paths.get("target", "report-stack.png").toAbsolutePath(), "--window-size=1280,900", url(page, ""));
        assertThat(Paths.get("target", "report-stack.png")).isNotEmptyFile();
    }

    @Test
    void screenshotOfTheReport() throws Exception {
        Path png = Paths.get("target", "report.png").toAbsolutePath();
        Files.deleteIfExists(png);
        chromium("--screenshot=" + png, "--window-size=1280,1250", url(report.resolve("index.html"), ""));
        assertThat(png).isNotEmptyFile();
        byte[] head = Files.readAllBytes(png);
        assertThat(new String(head, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
    }

    @Test
    void aThousandStacksArePagedByTheScript() throws Exception {
        Path large = Paths.get("target", "browser-report-large").toAbsolutePath();
        HtmlReport.write(large, SampleRuns.large(1_000, 5), List.of());
        Document dom = Jsoup.parse(chromium("--dump-dom", url(large.resolve("index.html"), "")));

        List<Element> rows = dom.select("table.sd-rows tbody tr");
        assertThat(rows).hasSize(1_000);
        assertThat(rows.stream().filter(tr -> !tr.hasAttr("hidden")).count()).isEqualTo(50);
        assertThat(dom.selectFirst(".sd-shown").text()).isEqualTo("Showing 50 of 1000 stacks");
        assertThat(dom.selectFirst(".sd-show-more").text()).isEqualTo("Show 50 more");
        // the first page holds the most urgent stacks
        assertThat(rows.get(0).attr("data-state")).isEqualTo("failed");

        Path png = Paths.get("target", "report-large.png").toAbsolutePath();
        chromium("--screenshot=" + png, "--window-size=1280,1000", url(large.resolve("index.html"), "#q=region-03&state=attention"));
        assertThat(png).isNotEmptyFile();
    }

    private static List<String> stackColumn(final Document dom) {
        return dom.select("table.sd-rows tbody tr").eachAttr("data-stack");
    }

    private static String url(final Path file, final String fragment) {
        return file.toUri() + fragment;
    }

    /** Runs headless Chromium with a fresh profile and returns what it printed. */
    private static String chromium(final String... args) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("sd-chromium-");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("sd-chromium-", ".out");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("Chromium did not finish within 120 s: " + command);
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            deleteTree(profile);
        }
    }

    private static void deleteTree(final Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
