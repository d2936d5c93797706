package io.stackdrift.render;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Counts;

import static org.assertj.core.api.Assertions.assertThat;

class CountsLineTest {
    @Test
    void theSpecExample() {
        assertThat(CountsLine.plain(new Counts(12, 9, 2, 1, 0, 0, 0))).isEqualTo("12 stacks · 9 in sync · 2 drifted ● · 1 pending · 0 failed");
    }

    @Test
    void failedCarriesADotAndOneStackIsSingular() {
        assertThat(CountsLine.plain(new Counts(1, 0, 0, 0, 1, 0, 0))).isEqualTo("1 stack · 0 in sync · 0 drifted · 0 pending · 1 failed ●");
    }

    @Test
    void colourOnlyWhenAsked() {
        Counts counts = new Counts(3, 0, 1, 0, 2, 0, 0);
        assertThat(CountsLine.format(counts, false)).doesNotContain("\u001B");
        assertThat(CountsLine.format(counts, true))
                .isEqualTo("3 stacks · 0 in sync · 1 drifted \u001B[38;5;208m●\u001B[0m · 0 pending · 2 failed \u001B[31m●\u001B[0m");
    }
}
