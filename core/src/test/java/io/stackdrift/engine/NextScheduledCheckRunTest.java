package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.StartedBy;
import io.stackdrift.record.NextScheduledCheck;

/**
 * A drift check says when the next scheduled check has work (its stacks' {@code every}, counted from this check), the
 * history keeps it, and a later run that is not a check takes it away: a scheduler skips its ticks only on the newest
 * check's word.
 */
class NextScheduledCheckRunTest {
    private static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");

    @TempDir
    Path repo;
    @TempDir
    Path scratch;

    private Scenario scenario;

    @BeforeEach
    void scenario() throws Exception {
        scenario = new Scenario(repo, scratch, Clock.fixed(NOW, ZoneOffset.UTC));
        scenario.terraform("net", "dns");
    }

    @Test
    void aCheckSaysTheEarliestTimeOneOfItsStacksIsDueAgainAndTheHistoryKeepsIt() throws Exception {
        scenario.config("drift:\n  every: 6h\nstacks:\n  - dir: net\n    drift:\n      every: 15m\n  - dir: dns\n");

        RunOutcome first = scenario.host().check(scenario.request());

        assertThat(first.nextScheduledCheck()).contains(NOW.plus(Duration.ofMinutes(15)));
        assertThat(scenario.history().nextScheduledCheck()).contains(new NextScheduledCheck("1", NOW.plus(Duration.ofMinutes(15))));

        // without net's drift check, dns's six hours are the next time
        scenario.config("drift:\n  every: 6h\nstacks:\n  - dir: net\n    drift:\n      mode: off\n  - dir: dns\n");
        assertThat(scenario.host().check(scenario.request()).nextScheduledCheck()).contains(NOW.plus(Duration.ofHours(6)));
    }

    @Test
    void aStackThatIsNotDueYetKeepsItsOwnTime() throws Exception {
        scenario.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n  - dir: dns\n    drift:\n      every: 15m\n");
        scenario.host().check(scenario.request());
        scenario.clock = Clock.fixed(NOW.plus(Duration.ofMinutes(20)), ZoneOffset.UTC);

        RunOutcome second = scenario.host().check(scenario.request());

        // dns was checked again at 12:20 (due at 12:35); net was not due, and is due at 13:00
        assertThat(second.nextScheduledCheck()).contains(NOW.plus(Duration.ofMinutes(35)));
        scenario.config("stacks:\n  - dir: net\n    drift:\n      every: 1h\n  - dir: dns\n    drift:\n      mode: off\n");
        assertThat(scenario.host().check(scenario.request()).nextScheduledCheck()).contains(NOW.plus(Duration.ofHours(1)));
    }

    @Test
    void aPushCheckAndADeploySayNothingAndALaterDeployTakesTheTimeAway() throws Exception {
        scenario.config("stacks:\n  - dir: net\n  - dir: dns\n");
        scenario.host().check(scenario.request());
        assertThat(scenario.history().nextScheduledCheck()).isPresent();

        RunRequest push = scenario.request().toBuilder().startedBy(StartedBy.PUSH).build();
        assertThat(scenario.host().check(push).nextScheduledCheck()).isEmpty();
        assertThat(scenario.history().nextScheduledCheck()).as("a push's check is a later run without a time").isEmpty();

        scenario.host().check(scenario.request());
        RunOutcome deploy = scenario.host().deploy(scenario.request());
        assertThat(deploy.nextScheduledCheck()).isEmpty();
        assertThat(scenario.history().nextScheduledCheck()).isEmpty();
    }
}
