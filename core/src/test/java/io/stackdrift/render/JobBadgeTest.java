package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Counts;

class JobBadgeTest {
    @Test
    void messagesAndColours() {
        assertBadge(SampleRuns.counts(12, 10, 2, 0, 0), "2 stacks", BuildBadge.ORANGE);
        assertBadge(SampleRuns.counts(12, 11, 1, 0, 0), "1 stack", BuildBadge.ORANGE);
        assertBadge(SampleRuns.counts(12, 12, 0, 0, 0), "in sync", JobBadge.GREEN);
        assertBadge(SampleRuns.counts(12, 11, 0, 0, 1), "1 failed", BuildBadge.RED);
        assertBadge(SampleRuns.counts(12, 9, 2, 0, 1), "1 failed, 2 stacks", BuildBadge.RED);
        assertBadge(SampleRuns.counts(12, 9, 0, 3, 0), "3 pending", JobBadge.BLUE);
        assertBadge(SampleRuns.counts(0, 0, 0, 0, 0), "no stacks", JobBadge.GREY);
    }

    @Test
    void aDestroyIsNamedNeverInSync() {
        assertBadge(new Counts(2, 0, 0, 0, 0, 0, 0, 0, 0, 2), "2 destroyed", JobBadge.GREY);
        assertBadge(new Counts(3, 0, 0, 0, 1, 0, 0, 0, 0, 2), "1 failed", BuildBadge.RED);
    }

    @Test
    void theBadgeIsWideEnoughForItsWords() {
        Document shortBadge = BadgeSvg.parse(JobBadge.svg(SampleRuns.counts(1, 1, 0, 0, 0)));
        Document longBadge = BadgeSvg.parse(JobBadge.svg(SampleRuns.counts(2000, 0, 1000, 0, 1000)));
        assertThat(Integer.parseInt(longBadge.selectFirst("svg").attr("width")))
                .isGreaterThan(Integer.parseInt(shortBadge.selectFirst("svg").attr("width")));
    }

    private static void assertBadge(final Counts counts, final String message, final String colour) {
        Document svg = BadgeSvg.parse(JobBadge.svg(counts));
        assertThat(svg.selectFirst("title").text()).isEqualTo("drift: " + message);
        assertThat(svg.select("text").eachText()).containsExactly("drift", "drift", message, message);
        assertThat(svg.select("rect").eachAttr("fill")).contains(colour);
        assertThat(svg.selectFirst("svg").attr("role")).isEqualTo("img");
    }
}
