package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Counts;

class CountsLineTest {
    @Test
    void textIsTheSpecLine() {
        assertThat(CountsLine.text(SampleRuns.counts(12, 9, 2, 1, 0), false))
                .isEqualTo("12 stacks · 9 in sync · 2 drifted ● · 1 pending · 0 failed");
    }

    @Test
    void dotsOnlyForNonZeroDriftedAndFailed() {
        assertThat(CountsLine.text(SampleRuns.counts(3, 3, 0, 0, 0), false))
                .isEqualTo("3 stacks · 3 in sync · 0 drifted · 0 pending · 0 failed");
        assertThat(CountsLine.text(SampleRuns.counts(1, 0, 0, 0, 1), false))
                .isEqualTo("1 stack · 0 in sync · 0 drifted · 0 pending · 1 failed ●");
    }

    @Test
    void colourOnlyWhenAsked() {
        Counts counts = SampleRuns.counts(4, 1, 2, 0, 1);
        assertThat(CountsLine.text(counts, false)).doesNotContain("\u001B");
        assertThat(CountsLine.text(counts, true))
                .contains("2 drifted \u001B[38;5;208m●\u001B[0m")
                .contains("1 failed \u001B[31m●\u001B[0m");
    }

    @Test
    void skippedAndAwaitingApprovalAppearOnlyWhenPresent() {
        assertThat(CountsLine.text(new Counts(5, 2, 0, 0, 0, 2, 1), false))
                .isEqualTo("5 stacks · 2 in sync · 0 drifted · 0 pending · 0 failed · 1 awaiting approval · 2 skipped");
    }

    @Test
    void htmlReadsLikeTheTextAndMarksTheDots() {
        Counts counts = SampleRuns.counts(12, 9, 2, 1, 1);
        Element line = Jsoup.parseBodyFragment(CountsLine.html(counts)).selectFirst("p.sd-counts");

        assertThat(line.text()).isEqualTo(CountsLine.text(counts, false));
        assertThat(line.select(".sd-count-drifted .sd-dot-drifted")).hasSize(1);
        assertThat(line.select(".sd-count-failed .sd-dot-failed")).hasSize(1);
        assertThat(line.select(".sd-count-pending .sd-dot")).isEmpty();
        assertThat(line.select(".sd-dot").eachAttr("aria-hidden")).containsOnly("true");
    }

    @Test
    void zeroCountsAreMuted() {
        Element line = Jsoup.parseBodyFragment(CountsLine.html(SampleRuns.counts(2, 2, 0, 0, 0))).selectFirst("p");
        assertThat(line.selectFirst(".sd-count-failed").hasClass("sd-zero")).isTrue();
        assertThat(line.selectFirst(".sd-count-in-sync").hasClass("sd-zero")).isFalse();
    }
}
