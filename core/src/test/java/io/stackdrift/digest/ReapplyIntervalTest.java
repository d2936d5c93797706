package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.stackdrift.config.Policy;
import io.stackdrift.digest.DeployDecision.LastDeploy;
import io.stackdrift.digest.DeployDecision.Verdict;

/** How the reapply interval is written in a reason, and a last deploy recorded later than now. */
class ReapplyIntervalTest {
    private static final Instant DEPLOYED = Instant.parse("2026-11-29T10:00:00Z");
    private static final LastDeploy LAST = new LastDeploy("abc", DEPLOYED);

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({"PT1M, 1m", "PT1H, 1h", "P1D, 1d", "P2DT3H, 2d3h", "PT1H30S, 1h30s", "PT59S, 59s", "PT61M, 1h1m"})
    void theReasonWritesTheIntervalInDaysHoursMinutesAndSeconds(final Duration reapply, final String words) {
        DeployDecision decision = DeployDecision.decide(Policy.ON_CHANGE, reapply, "abc", LAST, DEPLOYED.plus(reapply));
        assertThat(decision.reason())
                .isEqualTo("unchanged, but the reapply interval " + words + " has passed since its last deploy at 2026-11-29T10:00:00Z");
    }

    @Test
    void aDeployRecordedLaterThanNowNeverPostponesTheReapplyAndWithoutReapplyChangesNothing() {
        Instant now = DEPLOYED.minus(Duration.ofMinutes(5));
        assertThat(DeployDecision.decide(Policy.ON_CHANGE, Duration.ofHours(1), "abc", LAST, now)).isEqualTo(new DeployDecision(
                Verdict.PREVIEW_AND_APPLY, "unchanged, but its last deploy is recorded at 2026-11-29T10:00:00Z, later than now: a clock"
                        + " was ahead, so the reapply interval 1h counts as passed"));
        assertThat(DeployDecision.decide(Policy.ON_CHANGE, Duration.ZERO, "abc", LAST, now).verdict()).isEqualTo(Verdict.SKIP);
    }
}
