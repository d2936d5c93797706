package io.stackdrift.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

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
 */
final class EnvironmentOptions implements CommandLine.IDefaultValueProvider {
    static final String PREFIX = "STACKDRIFT_";

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
     * naming every variable the run took (not its value) — a {@code STACKDRIFT_DESTROY} left in a shell must not act
     * unseen; {@code --quiet} leaves the line out.
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
                    more[lines.length] = new Help.Ansi.Text[] {empty, empty, empty, empty, colours.text("env: " + variable.get())};
                    return more;
                };
            }
        };
    }
}
