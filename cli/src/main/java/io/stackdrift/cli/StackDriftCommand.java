package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import io.stackdrift.model.IoProblem;
import io.stackdrift.render.ErrorJson;

/**
 * {@code stackdrift}: the engine on the command line. Exit codes: 0 nothing to report, 2 drift or pending changes, 1 error,
 * 3 changes applied but not recorded.
 */
@Command(name = "stackdrift", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Drift checks and dependency-aware deploys of Terraform, OpenTofu and Pulumi stacks.")
public final class StackDriftCommand implements Runnable {
    /** The subcommands by name, in the order {@code stackdrift --help} lists them. */
    private static final Map<String, Supplier<Object>> COMMANDS = commands();
    /** picocli's hidden subcommand that prints a bash/zsh completion script of every command and option. */
    static final String COMPLETION = "generate-completion";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(final String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (tests call this). */
    public static int execute(final String... args) {
        return newCommandLine(args.length > 0 ? args[0] : "").execute(args);
    }

    /** The command line with every subcommand. */
    static CommandLine newCommandLine() {
        return newCommandLine("");
    }

    /**
     * The command line; when {@code firstArgument} names a subcommand (other than {@code help}), with that one only:
     * building picocli's model of the commands is a large part of the CLI's start-up (about 150 ms of a 0.35 s
     * {@code validate}), so a run builds the one it runs. Anything else ({@code --help}, a typo, the completion
     * script) gets every one.
     */
    static CommandLine newCommandLine(final String firstArgument) {
        CommandLine commandLine = new CommandLine(new StackDriftCommand());
        Supplier<Object> only = "help".equals(firstArgument) ? null : COMMANDS.get(firstArgument);
        if (only != null) {
            commandLine.addSubcommand(only.get());
        } else {
            COMMANDS.values().forEach(command -> commandLine.addSubcommand(command.get()));
            commandLine.addSubcommand(COMPLETION, new AutoComplete.GenerateCompletion());
        }
        commandLine.setExecutionExceptionHandler((exception, cmd, parseResult) -> {
            ErrorOutput.print(failure(exception), ExitCodes.ERROR, jsonValue(cmd), cmd.getOut(), cmd.getErr());
            return ExitCodes.ERROR;
        });
        commandLine.setParameterExceptionHandler((exception, args) -> {
            CommandLine where = exception.getCommandLine();
            printMistake(exception, where.getErr());
            if (jsonAsked(where, args)) {
                where.getOut().print(ErrorJson.json(new ErrorJson.Failure(mistake(exception),
                        "'" + where.getCommandSpec().qualifiedName() + " --help' lists the options",
                        option(exception), "", 0, 0), ExitCodes.ERROR, List.of(), List.of()));
                where.getOut().flush();
            }
            return ExitCodes.ERROR;
        });
        EnvironmentOptions.install(commandLine);
        return commandLine;
    }

    /** What a command that threw says: a {@link CliFailure} as it is, an I/O error in words; never a stack trace. */
    private static ErrorJson.Failure failure(final Exception exception) {
        if (exception instanceof CliFailure failure) {
            return failure.failure();
        }
        if (exception instanceof UncheckedIOException io) {
            return new ErrorJson.Failure(String.valueOf(io.getMessage()), "", "", "", 0, 0);
        }
        if (exception instanceof IOException io) {
            return new ErrorJson.Failure(IoProblem.of(io), "", "", "", 0, 0);
        }
        return new ErrorJson.Failure(String.valueOf(exception.getMessage()), "", "", "", 0, 0);
    }

    /** Whether the command that ran was asked for JSON, on its command line or by its variable. */
    private static boolean jsonValue(final CommandLine command) {
        CommandLine.Model.OptionSpec json = command.getCommandSpec().findOption("--json");
        return json != null && Boolean.TRUE.equals(json.getValue());
    }

    /**
     * Whether a command whose arguments did not parse was asked for JSON: {@code --json} among them (before a
     * {@code --}), or its variable true.
     */
    static boolean jsonAsked(final CommandLine command, final String... args) {
        CommandLine.Model.OptionSpec json = command.getCommandSpec().findOption("--json");
        if (json == null) {
            return false;
        }
        for (String arg : args) {
            if ("--".equals(arg)) {
                break;
            }
            if ("--json".equals(arg)) {
                return true;
            }
        }
        return EnvironmentOptions.value(json).map(v -> "true".equalsIgnoreCase(v.strip())).orElse(false);
    }

    /** The option a parameter error is about, when picocli knows it. */
    private static String option(final CommandLine.ParameterException exception) {
        if (exception instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            return unmatched.getUnmatched().get(0).startsWith("-") ? unmatched.getUnmatched().get(0) : "";
        }
        return exception.getArgSpec() instanceof CommandLine.Model.OptionSpec spec ? spec.longestName() : "";
    }

    /**
     * A mistyped command or option: what was wrong, the nearest names picocli finds, and where the options are
     * listed — a few lines, never the whole usage text, which buries the one line that matters.
     */
    static void printMistake(final CommandLine.ParameterException exception, final PrintWriter err) {
        CommandLine where = exception.getCommandLine();
        err.println(Terminal.safe("stackdrift: " + mistake(exception)));
        err.println("'" + where.getCommandSpec().qualifiedName() + " --help' lists the "
                + (where.getSubcommands().isEmpty() ? "options" : "commands and options"));
        err.flush();
    }

    /**
     * The mistake in one line: a mistyped name with the nearest one picocli finds, else picocli's message, naming the
     * variable when the bad value came from one.
     */
    private static String mistake(final CommandLine.ParameterException exception) {
        CommandLine where = exception.getCommandLine();
        if (exception instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            String what = first.startsWith("-") ? "unknown option" : where.getSubcommands().isEmpty()
                    ? "unexpected argument" : "unknown command";
            List<String> nearest = unmatched.getSuggestions();
            return what + " '" + first + "'" + (nearest.isEmpty() ? "" : "; did you mean " + nearest.get(0) + "?");
        }
        String message = String.valueOf(exception.getMessage()).replaceAll("\\s*\\R\\s*", " ");
        if (exception.getArgSpec() instanceof CommandLine.Model.OptionSpec option && EnvironmentOptions.value(option).isPresent()
                && !matched(exception, option)) {
            message += " (from " + EnvironmentOptions.variable(option).orElseThrow() + ")";
        }
        return message;
    }

    private static boolean matched(final CommandLine.ParameterException exception, final CommandLine.Model.OptionSpec option) {
        CommandLine.ParseResult parsed = exception.getCommandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(option);
    }

    private static Map<String, Supplier<Object>> commands() {
        Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
        commands.put("help", CommandLine.HelpCommand::new);
        commands.put("validate", ValidateCommand::new);
        commands.put("preview", PreviewCommand::new);
        commands.put("check", CheckCommand::new);
        commands.put("deploy", DeployCommand::new);
        commands.put("report", ReportCommand::new);
        commands.put("graph", GraphCommand::new);
        return commands;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "name a command: validate, preview, check, deploy, report or graph (stackdrift help COMMAND tells more)");
    }
}
