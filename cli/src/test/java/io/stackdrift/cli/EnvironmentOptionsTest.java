package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Every option of every command also as {@code STACKDRIFT_<NAME>}, named in {@code --help}; the command line wins. */
class EnvironmentOptionsTest {
    private static final String DEMO = "../examples/demo/stacks.yaml";
    /** The launcher's own variables (cli/bin/stackdrift): no option may take their names. */
    private static final Set<String> LAUNCHER = Set.of("STACKDRIFT_JAVA_OPTS", "STACKDRIFT_JAR");

    @TempDir
    Path record;

    private final Map<String, String> environment = new HashMap<>();
    private UnaryOperator<String> before;

    @AfterEach
    void environmentBack() {
        if (before != null) {
            CliEnvironment.use(before);
        }
    }

    private void set(final String name, final String value) {
        environment.put(name, value);
        if (before == null) {
            before = CliEnvironment.use(environment::get);
        }
    }

    /** Every command and the options it has, help and version left out. */
    private static Map<String, List<OptionSpec>> everyOption() {
        Map<String, List<OptionSpec>> all = new HashMap<>();
        StackDriftCommand.newCommandLine().getSubcommands().forEach((name, command) -> {
            List<OptionSpec> options = new ArrayList<>();
            for (OptionSpec option : command.getCommandSpec().options()) {
                if (!option.usageHelp() && !option.versionHelp()) {
                    options.add(option);
                }
            }
            all.put(name, options);
        });
        assertThat(all.get("check")).extracting(OptionSpec::longestName).contains("--config", "--record", "--html", "--shard",
                "--changed-since", "--quiet");
        return all;
    }

    @Test
    void everyOptionHasItsVariableByTheRuleAndHelpNamesIt() {
        int options = 0;
        for (Map.Entry<String, List<OptionSpec>> command : everyOption().entrySet()) {
            StringWriter help = new StringWriter();
            CommandLine commandLine = StackDriftCommand.newCommandLine(command.getKey());
            commandLine.setOut(new PrintWriter(help));
            commandLine.execute(command.getKey(), "--help");
            Set<String> names = new HashSet<>();
            for (OptionSpec option : command.getValue()) {
                String expected = "STACKDRIFT_" + option.longestName().substring(2).toUpperCase(Locale.ROOT).replace('-', '_');
                assertThat(EnvironmentOptions.variable(option)).as(option.longestName()).contains(expected);
                assertThat(help.toString()).as(command.getKey() + " --help").contains("env: " + expected);
                assertThat(names.add(expected)).as("one variable per option").isTrue();
                assertThat(LAUNCHER).doesNotContain(expected);
                options++;
            }
        }
        assertThat(options).isGreaterThan(30);
    }

    @Test
    void everyOptionTakesItsValueFromItsVariable() {
        for (Map.Entry<String, List<OptionSpec>> command : everyOption().entrySet()) {
            for (OptionSpec option : command.getValue()) {
                String variable = EnvironmentOptions.variable(option).orElseThrow();
                if (EnvironmentOptions.COMMAND_LINE_ONLY.contains(option.longestName())) {
                    // a flag that destroys or approves: true from its variable is refused, false takes nothing
                    set(variable, "true");
                    CommandLine refusing = StackDriftCommand.newCommandLine(command.getKey());
                    CommandLine.ParseResult parsed = refusing.parseArgs(args(command.getKey()));
                    assertThatThrownBy(() -> EnvironmentOptions.flags(parsed)).as(variable)
                            .isInstanceOf(CommandLine.ParameterException.class).hasMessageContaining(variable + "=true is refused");
                    set(variable, "false");
                    CommandLine.ParseResult off = StackDriftCommand.newCommandLine(command.getKey()).parseArgs(args(command.getKey()));
                    EnvironmentOptions.flags(off);
                    assertThat(off.subcommand().commandSpec().findOption(option.longestName()).<Boolean>getValue()).as(variable).isFalse();
                } else if (option.arity().max() == 0) {
                    // a flag: set from its variable after parsing
                    set(variable, "true");
                    CommandLine commandLine = StackDriftCommand.newCommandLine(command.getKey());
                    commandLine.setErr(new PrintWriter(new StringWriter()));
                    CommandLine.ParseResult parsed = commandLine.parseArgs(args(command.getKey()));
                    EnvironmentOptions.flags(parsed);
                    assertThat(parsed.subcommand().commandSpec().findOption(option.longestName()).<Boolean>getValue())
                            .as(variable).isTrue();
                } else {
                    set(variable, "some-value");
                    CommandLine commandLine = StackDriftCommand.newCommandLine(command.getKey());
                    OptionSpec built = commandLine.getSubcommands().get(command.getKey()).getCommandSpec()
                            .findOption(option.longestName());
                    assertThat(commandLine.getDefaultValueProvider()).isNotNull();
                    assertThat(defaultOf(commandLine, built)).as(variable).isEqualTo("some-value");
                }
                environment.clear();
            }
        }
    }

    private static String defaultOf(final CommandLine commandLine, final OptionSpec option) {
        try {
            return commandLine.getDefaultValueProvider().defaultValue(option);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static String[] args(final String command) {
        return "report".equals(command) ? new String[] {command, "plan.json"} : new String[] {command};
    }

    private record Result(int exit, String out, String err) {
    }

    private static Result run(final String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exit = commandLine.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void aRunTakesItsOptionsFromTheEnvironmentAndSaysWhichNotTheirValues() throws Exception {
        set("STACKDRIFT_CONFIG", DEMO);
        set("STACKDRIFT_RECORD", record.toString());
        set("STACKDRIFT_JSON", "true");

        Result result = run("graph");

        assertThat(result.exit()).as(result.err()).isEqualTo(ExitCodes.OK);
        assertThat(new ObjectMapper().readTree(result.out()).get("groups")).hasSize(2);
        assertThat(result.err()).contains("stackdrift: options from the environment: ").contains("STACKDRIFT_CONFIG",
                "STACKDRIFT_RECORD", "STACKDRIFT_JSON").doesNotContain(record.toString());
    }

    @Test
    void theCommandLineWinsAndAFlagGivenTwiceStaysOn() throws Exception {
        set("STACKDRIFT_CONFIG", "nowhere/stacks.yaml");
        set("STACKDRIFT_JSON", "true");

        Result result = run("graph", "--config", DEMO, "--record", record.toString(), "--json");

        // picocli turns a flag whose default is true off when it is given: the variable must not make --json mean text
        assertThat(result.exit()).as(result.err()).isEqualTo(ExitCodes.OK);
        assertThat(new ObjectMapper().readTree(result.out()).get("groups")).hasSize(2);
        assertThat(result.err()).doesNotContain("STACKDRIFT_CONFIG");
    }

    @Test
    void aListOptionSplitsAsOnTheCommandLineAndChangedFilesTakeOneALine() {
        set("STACKDRIFT_STACKS", "dns,network");
        set("STACKDRIFT_CHANGED", "dns/main.tf\nnetwork/main.tf");
        set("STACKDRIFT_TOOL_PATH", "terraform=/opt/terraform,tofu=/opt/tofu");
        CommandLine commandLine = StackDriftCommand.newCommandLine("check");
        CommandLine.ParseResult parsed = commandLine.parseArgs("check").subcommand();

        assertThat(parsed.commandSpec().findOption("--stacks").<List<String>>getValue()).containsExactly("dns", "network");
        assertThat(parsed.commandSpec().findOption("--changed").<List<String>>getValue()).containsExactly("dns/main.tf", "network/main.tf");
        assertThat(parsed.commandSpec().findOption("--tool-path").<Map<String, String>>getValue())
                .containsEntry("terraform", "/opt/terraform").containsEntry("tofu", "/opt/tofu");
    }

    @Test
    void aBadValueNamesItsVariable() {
        set("STACKDRIFT_PARALLELISM", "many");
        assertThat(run("check", "--config", DEMO).err()).contains("'many'", "(from STACKDRIFT_PARALLELISM)");

        environment.clear();
        set("STACKDRIFT_NOW", "yes");
        Result flag = run("check", "--config", DEMO, "--record", record.toString());
        assertThat(flag.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(flag.err()).contains("STACKDRIFT_NOW: 'yes' is neither true nor false (it stands for --now)");
    }

    @Test
    void theFlagsThatDestroyOrApproveAreCommandLineOnlyAndHelpSaysSo() {
        assertThat(EnvironmentOptions.COMMAND_LINE_ONLY).containsExactlyInAnyOrder("--destroy", "--approved");
        StringWriter help = new StringWriter();
        CommandLine commandLine = StackDriftCommand.newCommandLine("deploy");
        commandLine.setOut(new PrintWriter(help));
        commandLine.execute("deploy", "--help");
        assertThat(help.toString()).contains("env: STACKDRIFT_DESTROY=true refused", "env: STACKDRIFT_APPROVED=true refused");

        set("STACKDRIFT_DESTROY", "true");
        Result quiet = run("deploy", "--config", DEMO, "--record", record.toString(), "--quiet");
        assertThat(quiet.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(quiet.err()).contains("STACKDRIFT_DESTROY=true is refused: --destroy is taken from the command line only");
        assertThat(quiet.out()).isEmpty();
    }

    @Test
    void anEmptyVariableCountsAsUnset() {
        set("STACKDRIFT_CONFIG", "");
        set("STACKDRIFT_JSON", "");
        CommandLine.ParseResult parsed = StackDriftCommand.newCommandLine("graph").parseArgs("graph").subcommand();
        EnvironmentOptions.flags(parsed);

        assertThat(parsed.commandSpec().findOption("--config").<Path>getValue()).isEqualTo(Path.of("stacks.yaml"));
        assertThat(parsed.commandSpec().findOption("--json").<Boolean>getValue()).isFalse();
    }
}
