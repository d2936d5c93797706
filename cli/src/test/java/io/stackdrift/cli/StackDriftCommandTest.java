package io.stackdrift.cli;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Fixtures;

import static org.assertj.core.api.Assertions.assertThat;

class StackDriftCommandTest {
    @Test
    void withoutACommandItExplainsAndFails() {
        assertThat(StackDriftCommand.execute()).isEqualTo(ExitCodes.ERROR);
    }

    @Test
    void theSharedFixturesAreReachable() {
        assertThat(Fixtures.fixture("terraform/equiv-drift_simple.plan.json")).exists();
    }
}
