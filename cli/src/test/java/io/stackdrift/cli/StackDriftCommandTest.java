package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Fixtures;

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
