package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import io.stackdrift.testing.Fixtures;

class StackDriftCommandTest {
    @Test
    void withoutACommandItExplainsAndFails() {
        assertThat(StackDriftCommand.execute()).isEqualTo(ExitCodes.ERROR);
    }

    @Test
    void aRunBuildsOnlyTheCommandItRunsAndHelpListsEveryOne() {
        assertThat(StackDriftCommand.newCommandLine("validate").getSubcommands()).containsOnlyKeys("validate");
        assertThat(StackDriftCommand.newCommandLine("check").getSubcommands()).containsOnlyKeys("check");
        assertThat(StackDriftCommand.newCommandLine("help").getSubcommands().keySet())
                .containsExactly("help", "validate", "preview", "check", "deploy", "report", "graph");
        assertThat(StackDriftCommand.newCommandLine("--help").getSubcommands()).hasSize(7);
        assertThat(StackDriftCommand.newCommandLine("chekc").getSubcommands()).hasSize(7);

        StringWriter usage = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine("--help");
        commandLine.setOut(new PrintWriter(usage));
        assertThat(commandLine.execute("--help")).isZero();
        assertThat(usage.toString()).contains("validate", "preview", "check", "deploy", "report", "graph");
    }

    @Test
    void theProjectsOwnFixturesAreReachableThroughTheCoreTestJar() {
        assertThat(Fixtures.terraform("lifecycle/2-changes.plan.json")).isRegularFile().hasFileName("2-changes.plan.json");
        assertThat(Fixtures.terraformFiles()).contains("lifecycle/2-changes.plan.json", "version.json");
    }

    @Test
    void theSharedFixturesAreReachable() {
        assertThat(Fixtures.fixture("terraform/equiv-drift_simple.plan.json")).exists();
    }
}
