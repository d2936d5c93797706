package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.assertj.core.data.Offset;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

class DriftPictureTest {
    @Test
    void oneBarPerRunWithATitleAndADescription() {
        Document svg = BadgeSvg.parse(DriftPicture.svg(SampleRuns.trend()));
        assertThat(svg.selectFirst("svg > title").text()).isEqualTo("Drift over the last 7 runs");
        assertThat(svg.selectFirst("svg > desc").text())
                .contains("Run #42: 8 stacks, 1 in sync, 2 drifted, 2 pending, 1 failed, 1 repaired");
        assertThat(svg.selectFirst("svg").attr("aria-labelledby")).isEqualTo("sd-trend-title sd-trend-desc");
        assertThat(svg.select("g.sd-bar")).hasSize(7);
        assertThat(svg.select("g.sd-bar > title").first().text()).startsWith("Run #36:");
    }

    @Test
    void readableWithoutColourEveryStateHasAPatternALegendAndTheNewestBarDirectLabels() {
        Document svg = BadgeSvg.parse(DriftPicture.svg(SampleRuns.trend()));
        assertThat(svg.select("pattern").eachAttr("id"))
                .containsExactly("sd-pat-in-sync", "sd-pat-repaired", "sd-pat-pending", "sd-pat-drifted", "sd-pat-failed", "sd-pat-other");
        assertThat(svg.select("rect.sd-seg").eachAttr("fill")).allMatch(fill -> fill.startsWith("url(#sd-pat-"));
        assertThat(svg.select("text").eachText()).contains("in sync", "repaired", "pending", "drifted", "failed");
        assertThat(svg.select("text.sd-direct-label").eachText())
                .containsExactly("1 in sync", "1 repaired", "1 pending", "2 drifted", "1 failed", "2 skipped, awaiting or destroyed");
    }

    @Test
    void barsOfARunAddUpToItsStacks() {
        // pending+drifted counts as both; the bar must still be as high as the total (8 stacks fill the axis, 7 fill 7/8)
        Document svg = BadgeSvg.parse(DriftPicture.svg(SampleRuns.trend()));
        double newest = svg.select("g.sd-bar").last().select("rect").stream().mapToDouble(r -> Double.parseDouble(r.attr("height"))).sum();
        double first = svg.select("g.sd-bar").first().select("rect").stream().mapToDouble(r -> Double.parseDouble(r.attr("height"))).sum();
        assertThat(newest).isCloseTo(160, Offset.offset(0.5));
        assertThat(first).isCloseTo(160 * 7 / 8.0, Offset.offset(0.5));
    }

    @Test
    void onlyTheNewestRunsAreDrawn() {
        List<RunCounts> many = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            many.add(new RunCounts(String.valueOf(i), SampleRuns.counts(3, 3 - i % 2, i % 2, 0, 0)));
        }
        Document svg = BadgeSvg.parse(DriftPicture.svg(many));
        assertThat(svg.select("g.sd-bar")).hasSize(RenderLimits.DEFAULTS.maxTrendRuns());
        assertThat(svg.select("g.sd-bar > title").last().text()).startsWith("Run #99:");
    }

    @Test
    void theTextAlternativeIsATableNewestFirst() {
        Document html = Jsoup.parseBodyFragment(DriftPicture.html(SampleRuns.trend()));
        assertThat(html.select("figure svg")).hasSize(1);
        assertThat(html.select("details.sd-picture-table tbody tr")).hasSize(7);
        assertThat(html.select("details.sd-picture-table tbody tr").first().text()).isEqualTo("#42 8 1 2 2 1 1");
    }

    @Test
    void noRunsSaysSo() {
        assertThat(Jsoup.parseBodyFragment(DriftPicture.html(List.of())).text()).contains("No runs recorded yet.");
        assertThat(BadgeSvg.parse(DriftPicture.svg(List.of())).select("g.sd-bar")).isEmpty();
    }
}
