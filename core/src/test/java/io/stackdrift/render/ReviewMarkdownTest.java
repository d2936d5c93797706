package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class ReviewMarkdownTest {
    private static final SecretMask MASK = SecretMask.of(List.of(ReviewSamples.SECRET));

    private static String document() {
        return ReviewMarkdown.document(ReviewSummary.of(ReviewSamples.preview(), MASK));
    }

    @Test
    void theTitleNamesTheRunAndItsCounts() {
        assertThat(ReviewMarkdown.title(ReviewSummary.of(ReviewSamples.preview(), MASK)))
                .startsWith("Stack Drift preview: 5 stacks").contains("1 failed");
    }

    @Test
    void theSummaryHasALinePerStackNotInSync() {
        String summary = ReviewMarkdown.summary(ReviewSummary.of(ReviewSamples.preview(), MASK));

        assertThat(summary).contains("| `network` | pending+drifted | 3 | 1 (since 2026-09-19) | `app`, `web:prod` |")
                .contains("| `db` | failed | 0 | 0 |  |").doesNotContain("`dns`");
    }

    @Test
    void theDetailsListChangesByCauseWithTheAgeOfTheDrift() {
        assertThat(document())
                .contains("**Changes in this pull request** (3)\n\n- update `aws_vpc.main`: `cidr_block`, `tags.Name`\n")
                .contains("**Reverts of changes made outside the code** (1) · drift known since 2026-09-19T14:13:20Z, found by 3 checks"
                        + " in a row, this run included\n\n- update `aws_security_group.web`: `ingress[0].cidr_blocks`\n")
                .contains("**Stacks that will follow** · `app`, `web:prod` · outputs of this stack that change: `vpc_id`");
    }

    @Test
    void noSecretAndNoValueDigestReachTheMarkdown() {
        assertThat(document()).doesNotContain(ReviewSamples.SECRET).doesNotContain(ReviewSamples.VALUES)
                .contains("`Error: invalid value \"****\" for variable password`");
    }

    @Test
    void aNameIsACodeSpanWhateverItHolds() {
        assertThat(ReviewMarkdown.code("a`b")).isEqualTo("``a`b``");
        assertThat(ReviewMarkdown.code("`x")).isEqualTo("`` `x ``");
        assertThat(ReviewMarkdown.code("<img src=x onerror=alert(1)>")).isEqualTo("`<img src=x onerror=alert(1)>`");
        // a line break cannot end the span and start a heading
        assertThat(ReviewMarkdown.code("a\n# b")).isEqualTo("`a\\u000A# b`");
    }

    @Test
    void aPipeInAStackIdDoesNotBreakTheTable() {
        Row row = Row.of(StackId.of("a|b"), Tool.TERRAFORM, "a|b", RowState.FAILED, "boom");
        String summary = ReviewMarkdown.summary(ReviewSummary.of(new RunRecord("1", RunKind.PREVIEW, "", 1, 2, List.of(row), List.of()),
                SecretMask.NONE));

        assertThat(summary).contains("| `a\\|b` | failed |");
    }

    @Test
    void everyStackInSyncSaysSo() {
        Row row = Row.of(StackId.of("dns"), Tool.TERRAFORM, "dns", RowState.IN_SYNC, "");
        String summary = ReviewMarkdown.summary(ReviewSummary.of(new RunRecord("1", RunKind.PREVIEW, "", 1, 2, List.of(row), List.of()),
                SecretMask.NONE));

        assertThat(summary).contains("Every stack is in sync: nothing to apply.");
    }
}
