package io.stackdrift.render;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Counts;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;

/** The HTML, SVG and text of a representative run, compared with reviewed golden files. */
class RenderGoldenTest {
    private final RunRecord run = SampleRuns.representative();

    @Test
    void buildPageFragment() throws IOException {
        Golden.assertMatches("build-fragment.html", BuildPage.fragment(run, StackLinks.staticReport()));
    }

    @Test
    void stackPages() throws IOException {
        for (String id : List.of("shop:prod", "network:prod", "billing:staging", "dns", "reports", "edge:prod", "cache:prod")) {
            Row row = run.rows().stream().filter(r -> r.id().equals(StackId.of(id))).findFirst().orElseThrow();
            Golden.assertMatches("stack-" + StackFileName.of(row.id()) + ".html", StackPage.fragment(row, StackLinks.under("", ".html")));
        }
    }

    @Test
    void jobPageFragment() throws IOException {
        List<RunRecord> runs = new ArrayList<>(SampleRuns.history());
        runs.add(run);
        List<TrailEntry> trail = runs.stream().flatMap(r -> r.trail().stream()).toList();
        Map<StackId, DriftAge> ages = new TreeMap<>();
        run.rows().stream().filter(Row::showsDrift).forEach(r -> ages.put(r.id(), r.driftAge()));
        Golden.assertMatches("job-fragment.html", JobPage.fragment(SampleRuns.trend(), trail, ages, StackLinks.under("stack/", "/"),
                RenderLimits.DEFAULTS));
    }

    @Test
    void driftPicture() throws IOException {
        Golden.assertMatches("drift-picture.svg", DriftPicture.svg(SampleRuns.trend()));
    }

    @Test
    void badges() throws IOException {
        Golden.assertMatches("job-badge-failed.svg", JobBadge.svg(run.counts()));
        Golden.assertMatches("job-badge-drifted.svg", JobBadge.svg(SampleRuns.counts(12, 10, 2, 0, 0)));
        Golden.assertMatches("job-badge-in-sync.svg", JobBadge.svg(SampleRuns.counts(12, 12, 0, 0, 0)));
        Golden.assertMatches("job-badge-repaired.svg", JobBadge.svg(new Counts(12, 11, 0, 0, 0, 0, 0, 1)));
        Golden.assertMatches("build-badge-repaired.svg", BuildBadge.svg(new Counts(12, 11, 0, 0, 0, 0, 0, 1))
                .orElseThrow());
        Golden.assertMatches("build-badge.svg", BuildBadge.svg(SampleRuns.counts(12, 9, 2, 1, 0)).orElseThrow());
    }

    @Test
    void textForLogs() throws IOException {
        Golden.assertMatches("counts.txt", CountsLine.text(run.counts(), false) + "\n" + CountsLine.text(run.counts(), true) + "\n");
        Golden.assertMatches("rows.txt", RowTable.text(run.rowsSorted()));
    }

    @Test
    void staticIndexPage() throws IOException {
        Golden.assertMatches("index.html", HtmlReport.index(run, withHistory(), RenderLimits.DEFAULTS));
    }

    private List<RunRecord> withHistory() {
        List<RunRecord> runs = new ArrayList<>(SampleRuns.history());
        runs.add(run);
        return runs;
    }
}
