package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Counts;

class BuildBadgeTest {
    @Test
    void nothingWhenNoStackDriftedOrFailed() {
        assertThat(BuildBadge.svg(SampleRuns.counts(5, 5, 0, 0, 0))).isEmpty();
        assertThat(BuildBadge.svg(SampleRuns.counts(5, 3, 0, 2, 0))).isEmpty();
        assertThat(BuildBadge.words(SampleRuns.counts(0, 0, 0, 0, 0))).isEmpty();
    }

    @Test
    void orangeDotWithTheNumberOfDriftedStacks() {
        Document svg = BadgeSvg.parse(BuildBadge.svg(SampleRuns.counts(12, 9, 2, 1, 0)).orElseThrow());
        assertThat(svg.selectFirst("circle").attr("fill")).isEqualTo(BuildBadge.ORANGE);
        assertThat(svg.selectFirst("text").text()).isEqualTo("2 stacks drifted");
        assertThat(svg.selectFirst("title").text()).isEqualTo("2 stacks drifted");
        assertThat(BuildBadge.words(SampleRuns.counts(3, 2, 1, 0, 0))).contains("1 stack drifted");
    }

    @Test
    void redWhenAStackFailed() {
        Document svg = BadgeSvg.parse(BuildBadge.svg(SampleRuns.counts(12, 9, 2, 0, 1)).orElseThrow());
        assertThat(svg.selectFirst("circle").attr("fill")).isEqualTo(BuildBadge.RED);
        assertThat(svg.selectFirst("text").text()).isEqualTo("2 stacks drifted, 1 failed");
        assertThat(BuildBadge.words(SampleRuns.counts(3, 0, 0, 0, 3))).contains("3 stacks failed");
    }

    @Test
    void aDestroyHasABadgeOfItsOwnNeverNothingAtAll() {
        Document svg = BadgeSvg.parse(BuildBadge.svg(new Counts(1, 0, 0, 0, 0, 0, 0, 0, 0, 1)).orElseThrow());
        assertThat(svg.selectFirst("circle").attr("fill")).isEqualTo(BuildBadge.DESTROYED);
        assertThat(svg.selectFirst("text").text()).isEqualTo("1 stack destroyed");
        assertThat(BuildBadge.words(new Counts(4, 0, 0, 0, 1, 0, 0, 0, 0, 3))).contains("3 stacks destroyed, 1 failed");
    }
}
