package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import io.stackdrift.testing.Fixtures;

class StackDriftCommandTest {
    @Test
    void withoutACommandItExplainsAndFails() {
        assertThat(StackDriftCommand.execute()).isEqualTo(ExitCodes.ERROR);
    }

    @Test
    void everyHelpSaysItsSentencesWholeAndTheCommandsThatApplyListExitCode3() {
        for (String command : List.of("validate", "preview", "check", "deploy", "report", "graph")) {
            StringWriter help = new StringWriter();
            CommandLine commandLine = StackDriftCommand.newCommandLine(command);
            commandLine.setOut(new PrintWriter(help));
            commandLine.execute(command, "--help");
            // a heading ends in ":", a sentence never does
            assertThat(help.toString().lines().map(String::strip).filter(line -> line.endsWith(":")))
                    .as(command).allMatch(line -> line.matches("(Options|Exit codes|Parameters|Commands):"));
            if (List.of("check", "deploy").contains(command)) {
                assertThat(help.toString()).as(command).containsPattern("\\n\\s+3\\s+\\S");
            }
        }
    }

    @Test
    void aRunBuildsOnlyTheCommandItRunsAndHelpListsEveryOne() {
        assertThat(StackDriftCommand.newCommandLine("validate").getSubcommands()).containsOnlyKeys("validate");
        assertThat(StackDriftCommand.newCommandLine("check").getSubcommands()).containsOnlyKeys("check");
        assertThat(StackDriftCommand.newCommandLine("help").getSubcommands().keySet())
                .containsExactly("help", "validate", "preview", "check", "deploy", "report", "graph",
                        StackDriftCommand.COMPLETION);
        assertThat(StackDriftCommand.newCommandLine("--help").getSubcommands()).hasSize(8);
        assertThat(StackDriftCommand.newCommandLine("chekc").getSubcommands()).hasSize(8);

        StringWriter usage = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine("--help");
        commandLine.setOut(new PrintWriter(usage));
        assertThat(commandLine.execute("--help")).isZero();
        assertThat(usage.toString()).contains("validate", "preview", "check", "deploy", "report", "graph");
    }

    @Test
    void aMistypedCommandGetsTheNearestOneInAFewLinesNotTheUsage() {
        String err = errorOf("chek");
        assertThat(err.lines()).containsExactly("stackdrift: unknown command 'chek'; did you mean check?",
                "'stackdrift --help' lists the commands and options");
    }

    @Test
    void aMistypedOptionGetsTheNearestOneAndWhereTheOptionsAre() {
        String err = errorOf("check", "--confg", "x");
        assertThat(err.lines()).containsExactly("stackdrift: unknown option '--confg'; did you mean --config?",
                "'stackdrift check --help' lists the options");
    }

    @Test
    void aBadValueSaysWhichOptionAndWhereTheOptionsAre() {
        String err = errorOf("check", "--parallelism", "many");
        assertThat(err).contains("--parallelism", "'many'", "'stackdrift check --help' lists the options")
                .doesNotContain("Usage:", "did you mean");
    }

    @Test
    void theCompletionScriptKnowsEveryCommandAndItsOptions() {
        StringWriter script = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine(StackDriftCommand.COMPLETION);
        commandLine.setOut(new PrintWriter(script));
        assertThat(commandLine.execute(StackDriftCommand.COMPLETION)).isZero();
        assertThat(script.toString()).contains("complete -F", "validate", "deploy", "--config", "--record", "--stacks");
    }

    private static String errorOf(final String... args) {
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine(args[0]);
        commandLine.setErr(new PrintWriter(err));
        assertThat(commandLine.execute(args)).isEqualTo(ExitCodes.ERROR);
        return err.toString();
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
