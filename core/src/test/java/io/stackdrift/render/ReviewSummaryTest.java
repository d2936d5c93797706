package io.stackdrift.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class ReviewSummaryTest {
    private static final SecretMask MASK = SecretMask.of(List.of(ReviewSamples.SECRET));

    private static StackReview stack(final ReviewSummary summary, final String id) {
        return summary.stacks().stream().filter(s -> s.id().equals(StackId.of(id))).findFirst().orElseThrow();
    }

    @Test
    void listsEveryStackNotInSyncWithTheRunsCounts() {
        ReviewSummary summary = ReviewSummary.of(ReviewSamples.preview(), MASK);

        assertThat(summary.kind()).isEqualTo(RunKind.PREVIEW);
        assertThat(summary.counts().total()).isEqualTo(5);
        assertThat(summary.stacks()).extracting(s -> s.id().value()).containsExactly("db", "network", "web:prod");
    }

    @Test
    void keepsChangesInTheCodeApartFromRevertsOfDrift() {
        StackReview network = stack(ReviewSummary.of(ReviewSamples.preview(), MASK), "network");

        assertThat(network.inCode()).extracting(ReviewedChange::address)
                .containsExactly("aws_vpc.main", "aws_ssm_parameter.p[\"****\"]", "output");
        assertThat(network.reverts()).extracting(ReviewedChange::address).containsExactly("aws_security_group.web");
        assertThat(network.reverts().get(0).paths()).containsExactly("ingress[0].cidr_blocks");
        assertThat(network.driftAge().since()).isEqualTo(ReviewSamples.SINCE);
        assertThat(network.driftAge().checks()).isEqualTo(3);
    }

    @Test
    void aCheckListsItsDriftAsWhatADeployPutsBack() {
        StackReview network = ReviewSummary.of(ReviewSamples.check(), SecretMask.NONE).stacks().get(0);

        assertThat(network.inCode()).isEmpty();
        assertThat(network.reverts()).extracting(ReviewedChange::paths).containsExactly(List.of("ingress"));
    }

    @Test
    void theStacksThatReadAChangedStackFollowItDirectlyOrThroughOthers() {
        ReviewSummary summary = ReviewSummary.of(ReviewSamples.preview(), MASK);

        assertThat(stack(summary, "network").followers()).extracting(StackId::value).containsExactly("app", "web:prod");
        assertThat(stack(summary, "network").changedOutputs()).containsExactly("vpc_id");
        // web plans changes, nothing reads it; a failed stack plans nothing another would follow
        assertThat(stack(summary, "web:prod").followers()).isEmpty();
        assertThat(stack(summary, "db").followers()).isEmpty();
    }

    @Test
    void aSecretInAnAddressAPathOrAReasonIsMasked() {
        ReviewSummary summary = ReviewSummary.of(ReviewSamples.preview(), MASK);

        assertThat(summary.toString()).doesNotContain(ReviewSamples.SECRET).doesNotContain(ReviewSamples.VALUES);
        assertThat(stack(summary, "db").reason()).isEqualTo("Error: invalid value \"****\" for variable password");
        assertThat(stack(summary, "network").inCode().get(1).paths()).containsExactly("tags.****");
    }

    @Test
    void listsAtMostSoManyChangesPerStackAndCountsTheRest() {
        List<Change> many = new ArrayList<>();
        for (int i = 0; i < ReviewSummary.MOST_CHANGES + 7; i++) {
            many.add(new Change(Action.CREATE, "null_resource", "null_resource.n" + i, List.of(), Cause.CODE));
        }
        Row row = Row.of(StackId.of("big"), Tool.TERRAFORM, "big", RowState.PENDING, "").withChanges(many);
        RunRecord run = new RunRecord("1", RunKind.PREVIEW, "", 1, 2, List.of(row), List.of());

        StackReview big = ReviewSummary.of(run, SecretMask.NONE).stacks().get(0);

        assertThat(big.inCode()).hasSize(ReviewSummary.MOST_CHANGES);
        assertThat(big.omitted()).isEqualTo(7);
    }
}
