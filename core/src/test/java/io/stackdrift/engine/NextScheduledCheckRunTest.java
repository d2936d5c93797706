package io.stackdrift.engine;

import static io.stackdrift.engine.Scenario.NOW;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.StartedBy;
import io.stackdrift.record.NextScheduledCheck;

/**
 * A drift check says when the next scheduled check has work (its stacks' {@code every}, counted from this check), the
 * history keeps it, and a later run that is not a check takes it away: a scheduler skips its ticks only on the newest
 * check's word.
 */
class NextScheduledCheckRunTest extends ScenarioFixture {
    @BeforeEach
    void twoStacks() throws Exception {
        s.terraform("net", "dns");
    }

    @Test
    void aCheckSaysTheEarliestTimeOneOfItsStacksIsDueAgainAndTheHistoryKeepsIt() throws Exception {
        s.config("drift:\n  every: 6h\nstacks:\n  - dir: net\n    drift:\n      every: 15m\n  - dir: dns\n");

        RunOutcome first = s.host().check(s.request());

        assertThat(first.nextScheduledCheck()).contains(NOW.plus(Duration.ofMinutes(15)));
        assertThat(s.history().nextScheduledCheck()).contains(new NextScheduledCheck("1", NOW.plus(Duration.ofMinutes(15))));

        // without net's drift check, dns's six hours are the next time
        s.config("drift:\n  every: 6h\nstacks:\n  - dir: net\n    drift:\n      mode: off\n  - dir: dns\n");
        assertThat(s.host().check(s.request()).nextScheduledCheck()).contains(NOW.plus(Duration.ofHours(6)));
    }

    @Test
    void aStackThatIsNotDueYetKeepsItsOwnTime() throws Exception {
        s.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n  - dir: dns\n    drift:\n      every: 15m\n");
        s.host().check(s.request());
        s.later(Duration.ofMinutes(20));

        RunOutcome second = s.host().check(s.request());

        // dns was checked again at 12:20 (due at 12:35); net was not due, and is due at 13:00
        assertThat(second.nextScheduledCheck()).contains(NOW.plus(Duration.ofMinutes(35)));
        s.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n  - dir: dns\n    drift:\n      mode: off\n");
        assertThat(s.host().check(s.request()).nextScheduledCheck()).contains(NOW.plus(Duration.ofHours(1)));
    }

    @Test
    void aPushCheckAndADeploySayNothingAndALaterDeployTakesTheTimeAway() throws Exception {
        s.config("stacks:\n  - dir: net\n  - dir: dns\n");
        s.host().check(s.request());
        assertThat(s.history().nextScheduledCheck()).isPresent();

        RunRequest push = s.request().toBuilder().startedBy(StartedBy.PUSH).build();
        assertThat(s.host().check(push).nextScheduledCheck()).isEmpty();
        assertThat(s.history().nextScheduledCheck()).as("a push's check is a later run without a time").isEmpty();

        s.host().check(s.request());
        RunOutcome deploy = s.host().deploy(s.request());
        assertThat(deploy.nextScheduledCheck()).isEmpty();
        assertThat(s.history().nextScheduledCheck()).isEmpty();
    }
}
