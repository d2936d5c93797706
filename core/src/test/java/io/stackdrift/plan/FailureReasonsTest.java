package io.stackdrift.plan;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FailureReasonsTest {
    @Test
    void stripsAnsiAndPulumiMarkup() {
        assertThat(FailureReasons.diagnostic("\u001B[1m\u001B[31mError:\u001B[0m bad thing", ""))
                .isEqualTo("Error: bad thing");
        assertThat(FailureReasons.diagnostic("<{%fg 1%}>error: <{%reset%}>preview failed<{%reset%}>\n", null))
                .isEqualTo("error: preview failed");
    }

    @Test
    void addsTheDetailsFirstLineWhenShort() {
        assertThat(FailureReasons.diagnostic("Invalid reference", "A reference must be x.\n\nMore text"))
                .isEqualTo("Invalid reference: A reference must be x.");
        assertThat(FailureReasons.diagnostic("Summary", "d".repeat(300))).isEqualTo("Summary");
        assertThat(FailureReasons.diagnostic("", "only detail\nsecond")).isEqualTo("only detail");
        assertThat(FailureReasons.diagnostic(" ", null)).isEqualTo("the tool reported an error without a message");
    }

    @Test
    void longLinesAreCutAtAWordAndMarked() {
        String reason = FailureReasons.diagnostic("word ".repeat(100), "");
        assertThat(reason).hasSizeLessThanOrEqualTo(FailureReasons.MAX_LENGTH + 1).endsWith("…").doesNotContain("\n");
    }

    @Test
    void controlCharactersNeverSurvive() {
        assertThat(FailureReasons.diagnostic("a\u0007b\u001B]0;title\u0007c\rd", "")).doesNotContainPattern("\\p{Cntrl}");
    }
}
