package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;

/**
 * Names, paths, reasons and ids come from tool output. Every page built from hostile ones must be inert:
 * no script but our own file, no event handler, no javascript: link, no style attribute — and the text
 * must still read as it was written.
 */
class RenderXssTest {
    static final List<String> CORPUS = List.of(
            "<script>alert(1)</script>",
            "\"><img src=x onerror=alert(1)>",
            "javascript:alert(1)",
            "</title><script>alert(1)</script>",
            "' onmouseover='alert(1)",
            "</textarea><svg onload=alert(1)>",
            "]]><script>alert(1)</script><![CDATA[",
            "<a href=\"javascript:alert(1)\">x</a>",
            "safe\u202Etxt.exe",
            "&lt;b&gt;entity&amp;");

    private static final Set<String> OUR_SCRIPTS = Set.of("stackdrift.js", "../stackdrift.js");

    @TempDir
    Path dir;

    @SuppressWarnings("EnumOrdinal") // cycles through every state, tool and result so the corpus meets each of them
    static RunRecord hostileRun() {
        List<Row> rows = new ArrayList<>();
        List<TrailEntry> trail = new ArrayList<>();
        for (int i = 0; i < CORPUS.size(); i++) {
            String bad = CORPUS.get(i);
            List<Change> changes = List.of(new Change(Action.UPDATE, bad, bad, List.of(bad, "tags." + bad), Cause.CODE));
            List<Change> drift = List.of(new Change(Action.DELETE, "t" + bad, "a" + bad, List.of("p" + bad), Cause.DRIFT));
            List<Change> owned = List.of(new Change(Action.UPDATE, "o" + bad, "o" + bad, List.of("o" + bad), Cause.DRIFT));
            RowState state = RowState.values()[i % RowState.values().length];
            rows.add(Row.of(StackId.of(bad), Tool.values()[i % 3], bad, state, bad).withChanges(changes).withDrift(drift)
                    .withOwnedElsewhere(owned)
                    .withDependsOn(List.of(StackId.of(CORPUS.get((i + 1) % CORPUS.size())), StackId.of("elsewhere" + bad))));
            trail.add(new TrailEntry(StackId.of(bad), bad, SampleRuns.T0 + i, SampleRuns.T0 + i + 1,
                    TrailResult.values()[i % TrailResult.values().length], true, List.of(bad), bad, 0));
        }
        return new RunRecord("<script>alert('run')</script>", RunKind.DEPLOY, "started by " + CORPUS.get(1), SampleRuns.T0,
                SampleRuns.T0 + 5_000, rows, trail);
    }

    @Test
    void theStaticReportIsInertAndKeepsTheText() throws IOException {
        RunRecord run = hostileRun();
        HtmlReport.write(dir, run, List.of());
        List<Path> pages;
        try (Stream<Path> files = Files.walk(dir)) {
            pages = files.filter(p -> p.toString().endsWith(".html")).toList();
        }
        assertThat(pages).hasSize(1 + CORPUS.size());
        for (Path page : pages) {
            Document doc = Jsoup.parse(page.toFile(), "UTF-8");
            assertInert(doc, page.toString());
            assertThat(doc.select("script").eachAttr("src")).as(page.toString()).hasSize(1).allMatch(OUR_SCRIPTS::contains);
            assertThat(doc.select("img").eachAttr("src")).allMatch("badge.svg"::equals);
        }

        Document index = Jsoup.parse(dir.resolve("index.html").toFile(), "UTF-8");
        assertThat(index.title()).isEqualTo("Deploy #<script>alert('run')</script> · Stack Drift");
        assertThat(index.select("table.sd-rows tbody tr").eachAttr("data-stack")).containsExactlyInAnyOrderElementsOf(CORPUS);
        // shown by the one rule for untrusted text: a direction override as its code, everything else as written
        assertThat(index.select("table.sd-rows td.sd-stack").eachText())
                .containsExactlyInAnyOrderElementsOf(CORPUS.stream().map(TextSafe::clean).toList());
        assertThat(index.selectFirst(".sd-run-line").text()).startsWith("started by " + CORPUS.get(1));
        for (TrailEntry entry : run.trail()) {
            if (entry.result() == TrailResult.FAILED || entry.result() == TrailResult.INTERRUPTED) {
                assertThat(index.select(".sd-trail-reason").eachText()).contains(entry.reason());
            }
            if (entry.result() == TrailResult.DEPLOYED) {
                assertThat(index.select(".sd-restored code").eachText()).containsAll(entry.restoredPaths());
            }
        }
        assertThat(index.select(".sd-trail-stack").eachText())
                .containsExactlyInAnyOrderElementsOf(CORPUS.stream().map(TextSafe::clean).toList());

        for (Row row : run.rows()) {
            Document page = Jsoup.parse(dir.resolve("stacks").resolve(StackFileName.of(row.id()) + ".html").toFile(), "UTF-8");
            String bad = TextSafe.clean(row.id().value());
            assertThat(page.selectFirst(".sd-stack-title").text()).isEqualTo(bad);
            assertThat(page.select(".sd-section-changes code").eachText()).contains(bad, "tags." + bad);
            assertThat(page.select(".sd-section-drift code").eachText()).contains("p" + bad, "a" + bad);
            assertThat(page.select(".sd-section-owned-elsewhere code").eachText()).contains("o" + bad);
            assertThat(page.select(".sd-facts code").text()).isEqualTo(bad);
            if (row.state() == RowState.FAILED || row.state() == RowState.SKIPPED || row.state() == RowState.AWAITING_APPROVAL) {
                assertThat(page.selectFirst(".sd-reason").text()).endsWith(bad);
            }
        }
    }

    @Test
    void theFragmentsForJenkinsAreInert() {
        RunRecord run = hostileRun();
        StackLinks links = StackLinks.under("stack/", "/");
        List<String> fragments = new ArrayList<>();
        fragments.add(BuildPage.fragment(run, links));
        run.rows().forEach(row -> fragments.add(StackPage.fragment(row, links)));
        fragments.add(JobPage.fragment(List.of(new RunCounts(CORPUS.get(0), run.counts()), RunCounts.of(run)), run.trail(), links));
        for (String fragment : fragments) {
            Document doc = Jsoup.parseBodyFragment(fragment);
            assertInert(doc, fragment.substring(0, 60));
            assertThat(doc.select("script, img, iframe, object, embed, style")).isEmpty();
        }
    }

    @Test
    void directionOverridesAndZeroWidthCharactersShowAsTheirCodeOnThePage() {
        String bad = "safe\u202Etxt.exe";
        Row row = hostileRun().rows().stream().filter(r -> r.id().value().equals(bad)).findFirst().orElseThrow();
        Document doc = Jsoup.parseBodyFragment(StackPage.fragment(row, StackLinks.staticReport()));
        assertThat(doc.text()).doesNotContain("\u202E").contains("safe\\u202Etxt.exe");
        assertThat(Html.text("a\u200Bb\uFEFFc\u2066d")).isEqualTo("a\\u200Bb\\uFEFFc\\u2066d");
    }

    @Test
    void theDriftPictureSvgIsInert() {
        List<RunCounts> runs = new ArrayList<>();
        for (String bad : CORPUS) {
            runs.add(new RunCounts(bad, SampleRuns.counts(3, 1, 1, 1, 0)));
        }
        String svg = DriftPicture.svg(runs);
        Document doc = BadgeSvg.parse(svg);
        assertThat(doc.select("script, foreignObject")).isEmpty();
        assertInert(doc, "drift picture");
        assertThat(doc.select("g.sd-bar > title").eachText()).allMatch(t -> CORPUS.stream().anyMatch(t::contains));
        // well-formed XML: a browser would refuse a broken standalone SVG
        assertThat(svg).doesNotContain("<script", "]]>");
    }

    private static void assertInert(final Document doc, final String where) {
        for (Element element : doc.getAllElements()) {
            for (Attribute attribute : element.attributes()) {
                String name = attribute.getKey().toLowerCase(Locale.ROOT);
                String value = attribute.getValue().trim().toLowerCase(Locale.ROOT);
                assertThat(name).as("%s: %s", where, element.outerHtml()).doesNotStartWith("on").isNotEqualTo("style")
                        .isNotEqualTo("srcdoc").isNotEqualTo("formaction");
                if (Set.of("href", "src", "xlink:href", "action").contains(name)) {
                    assertThat(value).as("%s: %s", where, element.outerHtml()).doesNotStartWith("javascript:")
                            .doesNotStartWith("data:").doesNotStartWith("vbscript:").doesNotContain("://");
                }
            }
            if (element.tagName().equals("script")) {
                assertThat(element.data()).as(where).isEmpty();
            }
        }
    }
}
