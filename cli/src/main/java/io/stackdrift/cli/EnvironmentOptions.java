package io.stackdrift.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Every option also as an environment variable, by one rule: {@code STACKDRIFT_} and the long name in capitals, dashes
 * as underscores ({@code --tool-path} → {@code STACKDRIFT_TOOL_PATH}); the command line wins, an empty variable counts
 * as unset. Values are read as picocli reads the option's own (a list splits as the option does), through picocli's
 * default provider; a flag ({@code --json}) takes {@code true} or {@code false} and is set after parsing, as picocli
 * would otherwise turn a flag whose default is true off when it is given. {@code --help} names each variable.
 * The flags that destroy or approve are the exception ({@link #COMMAND_LINE_ONLY}): their variables set to true are refused.
 */
final class EnvironmentOptions implements CommandLine.IDefaultValueProvider {
    static final String PREFIX = "STACKDRIFT_";
    /**
     * Flags that destroy or approve: a variable outlives the one run it was meant for (left in a shell, set for a whole
     * CI project), and under {@code --quiet} nothing would show it, so set to true it is an error; {@code false} takes
     * nothing and is accepted. Each run that destroys or approves says so on its own command line.
     */
    static final Set<String> COMMAND_LINE_ONLY = Set.of("--destroy", "--approved");

    private EnvironmentOptions() {
    }

    /** Sets the rule on {@code commandLine} and every subcommand it has now. */
    static void install(final CommandLine commandLine) {
        commandLine.setDefaultValueProvider(new EnvironmentOptions());
        commandLine.setHelpFactory(EnvironmentOptions::help);
        commandLine.setExecutionStrategy(parsed -> {
            flags(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
    }

    /** The variable of an option; none for {@code --help} and {@code --version}. */
    static Optional<String> variable(final OptionSpec option) {
        if (option.usageHelp() || option.versionHelp()) {
            return Optional.empty();
        }
        return Optional.of(PREFIX + option.longestName().replaceFirst("^-+", "").toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** The variable's value, when it is set and not empty. */
    static Optional<String> value(final OptionSpec option) {
        return variable(option).map(CliEnvironment::get).filter(v -> !v.isEmpty());
    }

    @Override
    public String defaultValue(final ArgSpec arg) {
        return arg instanceof OptionSpec option && !isFlag(option) ? value(option).orElse(null) : null;
    }

    private static boolean isFlag(final OptionSpec option) {
        return option.arity().max() == 0;
    }

    /**
     * The flags of the command that runs, from their variables where the command line does not give them, and a line
     * naming every variable the run took (not its value); {@code --quiet} leaves the line out, which is why a flag that
     * destroys or approves is refused from its variable ({@link #COMMAND_LINE_ONLY}) rather than named.
     */
    static void flags(final ParseResult parsed) {
        ParseResult last = parsed;
        while (last.hasSubcommand()) {
            last = last.subcommand();
        }
        if (last.isUsageHelpRequested() || last.isVersionHelpRequested()) {
            return;
        }
        CommandSpec spec = last.commandSpec();
        List<String> taken = new ArrayList<>();
        for (OptionSpec option : spec.options()) {
            Optional<String> value = value(option);
            if (value.isEmpty() || last.hasMatchedOption(option)) {
                continue;
            }
            taken.add(variable(option).orElseThrow());
            if (isFlag(option)) {
                String word = value.get().strip().toLowerCase(Locale.ROOT);
                if (!"true".equals(word) && !"false".equals(word)) {
                    throw new CommandLine.ParameterException(spec.commandLine(), variable(option).orElseThrow() + ": '"
                            + Terminal.safe(value.get()) + "' is neither true nor false (it stands for " + option.longestName() + ")");
                }
                if ("true".equals(word) && COMMAND_LINE_ONLY.contains(option.longestName())) {
                    throw new CommandLine.ParameterException(spec.commandLine(), variable(option).orElseThrow() + "=true is refused: "
                            + option.longestName() + " is taken from the command line only, as a variable left set would "
                            + ("--destroy".equals(option.longestName()) ? "destroy" : "approve") + " every later run unseen; give "
                            + option.longestName() + " on the command line (or unset " + variable(option).orElseThrow() + ")");
                }
                option.setValue("true".equals(word));
            }
        }
        OptionSpec quiet = spec.findOption("--quiet");
        if (!taken.isEmpty() && (quiet == null || !Boolean.TRUE.equals(quiet.getValue()))) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("stackdrift: options from the environment: " + String.join(", ", taken));
            err.flush();
        }
    }

    /** picocli's help, each option followed by a line naming its variable. */
    private static Help help(final CommandSpec spec, final Help.ColorScheme scheme) {
        return new Help(spec, scheme) {
            @Override
            public IOptionRenderer createDefaultOptionRenderer() {
                IOptionRenderer rows = super.createDefaultOptionRenderer();
                return (option, labels, colours) -> {
                    Help.Ansi.Text[][] lines = rows.render(option, labels, colours);
                    Optional<String> variable = variable(option);
                    if (variable.isEmpty()) {
                        return lines;
                    }
                    Help.Ansi.Text[][] more = Arrays.copyOf(lines, lines.length + 1);
                    Help.Ansi.Text empty = colours.text("");
                    String words = COMMAND_LINE_ONLY.contains(option.longestName())
                            ? "env: " + variable.get() + "=true refused" : "env: " + variable.get();
                    more[lines.length] = new Help.Ansi.Text[] {empty, empty, empty, empty, colours.text(words)};
                    return more;
                };
            }
        };
    }
}
