package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FailureReasonsTest {
    @Test
    void stripsAnsiAndPulumiMarkup() {
        assertThat(FailureReasons.diagnostic("\u001B[1m\u001B[31mError:\u001B[0m bad thing"))
                .isEqualTo("Error: bad thing");
        assertThat(FailureReasons.diagnostic("<{%fg 1%}>error: <{%reset%}>preview failed<{%reset%}>\n"))
                .isEqualTo("error: preview failed");
    }

    @Test
    void onlyTheFirstLineAndNeverAQuotedValue() {
        assertThat(FailureReasons.diagnostic("Program failed with an unhandled exception:\nError: password hunter2 rejected"))
                .isEqualTo("Program failed with an unhandled exception:");
        assertThat(FailureReasons.diagnostic("Invalid value \"hunter2\" for variable")).isEqualTo("Invalid value \"\u2026\" for variable");
        assertThat(FailureReasons.diagnostic(" ")).isEqualTo("the tool reported an error without a message");
        assertThat(FailureReasons.diagnostic(null)).isEqualTo("the tool reported an error without a message");
    }

    @Test
    void longLinesAreCutAtAWordAndMarked() {
        String reason = FailureReasons.diagnostic("word ".repeat(100));
        assertThat(reason).hasSizeLessThanOrEqualTo(FailureReasons.MAX_LENGTH + 1).endsWith("…").doesNotContain("\n");
    }

    @Test
    void controlCharactersNeverSurvive() {
        assertThat(FailureReasons.diagnostic("a\u0007b\u001B]0;title\u0007c\rd")).doesNotContainPattern("\\p{Cntrl}");
    }

    @Test
    void quotedPartsAreMaskedApostrophesAreNot() {
        assertThat(FailureReasons.maskQuoted("invalid value \"hunter2\" for 'x'")).isEqualTo("invalid value \"\u2026\" for '\u2026'");
        assertThat(FailureReasons.maskQuoted("can't read \u201Chunter2\u201D")).isEqualTo("can't read \u201C\u2026\u201D");
        assertThat(FailureReasons.maskQuoted("unclosed `hunter2 and more")).isEqualTo("unclosed `\u2026");
        assertThat(FailureReasons.maskQuoted("Saved plan is stale")).isEqualTo("Saved plan is stale");
    }
}
