package io.jenkins.plugins.stackdrift.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import hudson.model.Result;
import io.jenkins.plugins.checks.api.ChecksConclusion;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.steps.StepSettings;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.DriftAge;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;

class ChangeRequestChecksTest {
    private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(logBytes, true, StandardCharsets.UTF_8);

    /** A fake publisher: keeps what it is given. */
    private static final class Kept implements CheckPublisher {
        private final List<StepCheck> checks = new ArrayList<>();

        @Override
        public void publish(final StepCheck check) {
            checks.add(check);
        }
    }

    /** network reverts a change made by hand and plans one in the code; app reads it. */
    private static RunRecord preview() {
        Row network = Row.of(StackId.of("network"), Tool.TERRAFORM, "network", RowState.PENDING_DRIFTED, "")
                .withChanges(List.of(new Change(Action.UPDATE, "aws_vpc", "aws_vpc.main", List.of("cidr_block"), Cause.CODE),
                        new Change(Action.UPDATE, "aws_security_group", "aws_security_group.web", List.of("ingress"), Cause.DRIFT)))
                .withDrift(List.of(new Change(Action.UPDATE, "aws_security_group", "aws_security_group.web", List.of("ingress"),
                        Cause.DRIFT)))
                .withDriftAge(new DriftAge(1_790_000_000_000L, 2));
        Row app = Row.of(StackId.of("app"), Tool.TERRAFORM, "app", RowState.IN_SYNC, "").withFileDependsOn(List.of(StackId.of("network")));
        return new RunRecord("3", RunKind.PREVIEW, "change request", 1, 2, List.of(app, network), List.of());
    }

    @Test
    void aStepsCheckIsNamedByItsIdAndCarriesTheReviewMarkdown() {
        Kept kept = new Kept();

        ChangeRequestChecks.publish(true, "pr-preview", preview(), Result.SUCCESS, () -> Optional.of(kept), log);

        assertThat(kept.checks).singleElement().satisfies(check -> {
            assertThat(check.name()).isEqualTo("Stack Drift: pr-preview");
            assertThat(check.title()).startsWith("Stack Drift preview: 2 stacks · 1 in sync · 1 drifted");
            assertThat(check.summary()).contains("| `network` | pending+drifted | 1 | 1 (since 2026-09-21) | `app` |");
            assertThat(check.text()).contains("**Changes in this pull request** (1)", "- update `aws_vpc.main`: `cidr_block`",
                    "**Reverts of changes made outside the code** (1) · drift known since 2026-09-21T14:13:20Z",
                    "**Stacks that will follow** · `app`");
            assertThat(check.conclusion()).isEqualTo(CheckConclusion.SUCCESS);
        });
    }

    @Test
    void theConclusionFollowsTheStepsBuildResult() {
        assertThat(CheckConclusion.of(Result.SUCCESS)).isEqualTo(CheckConclusion.SUCCESS);
        assertThat(CheckConclusion.of(Result.UNSTABLE)).isEqualTo(CheckConclusion.NEUTRAL);
        assertThat(CheckConclusion.of(Result.FAILURE)).isEqualTo(CheckConclusion.FAILURE);
        assertThat(CheckConclusion.of(Result.ABORTED)).isEqualTo(CheckConclusion.CANCELED);
        assertThat(CheckConclusion.of(Result.NOT_BUILT)).isEqualTo(CheckConclusion.SKIPPED);
        // every conclusion is one of the Checks API's, by name (ChecksApiPublisher maps it so)
        assertThat(Stream.of(ChecksConclusion.values()).map(Enum::name).toList())
                .containsAll(Stream.of(CheckConclusion.values()).map(Enum::name).toList());
    }

    @Test
    void aStepNotAskedToPublishDoesNotLookForAPublisher() {
        AtomicBoolean looked = new AtomicBoolean();

        ChangeRequestChecks.publish(false, "preview", preview(), Result.SUCCESS, () -> {
            looked.set(true);
            return Optional.empty();
        }, log);

        assertThat(looked).isFalse();
    }

    @Test
    void aPublisherThatFailsOrCannotBeLinkedIsSaidInTheLogAndTheStepGoesOn() {
        ChangeRequestChecks.publish(true, "preview", preview(), Result.SUCCESS, () -> {
            throw new NoClassDefFoundError("io/jenkins/plugins/checks/api/ChecksDetails");
        }, log);
        ChangeRequestChecks.publish(true, "check", preview(), Result.SUCCESS, () -> Optional.of(check -> {
            throw new IllegalStateException("GitHub said no");
        }), log);

        assertThat(logBytes.toString(StandardCharsets.UTF_8))
                .contains("Stack Drift: the check of step preview could not be published to the change request:")
                .contains("Stack Drift: the check of step check could not be published to the change request: ")
                .contains("IllegalStateException: GitHub said no");
    }

    @Test
    void onlyAPreviewOrADriftCheckNotToldToSkipPublishesACheck() {
        StepSettings settings = new StepSettings("stacks.yaml", List.of(), null);

        assertThat(settings.publishesChecks(Operation.PREVIEW)).isTrue();
        assertThat(settings.publishesChecks(Operation.CHECK)).isTrue();
        assertThat(settings.publishesChecks(Operation.DEPLOY)).isFalse();
        assertThat(settings.publishesChecks(Operation.VALIDATE)).isFalse();
        assertThat(settings.withSkipPublishingChecks(true).publishesChecks(Operation.PREVIEW)).isFalse();
        assertThat(settings.withSkipPublishingChecks(true).publishesChecks(Operation.CHECK)).isFalse();
    }
}
