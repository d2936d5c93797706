package io.stackdrift.cli;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

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
            cmd.getErr().println("stackdrift: " + exception.getMessage());
            return ExitCodes.ERROR;
        });
        commandLine.setParameterExceptionHandler((exception, args) -> {
            printMistake(exception, exception.getCommandLine().getErr());
            return ExitCodes.ERROR;
        });
        return commandLine;
    }

    /**
     * A mistyped command or option: what was wrong, the nearest names picocli finds, and where the options are
     * listed — a few lines, never the whole usage text, which buries the one line that matters.
     */
    static void printMistake(final CommandLine.ParameterException exception, final PrintWriter err) {
        CommandLine where = exception.getCommandLine();
        if (exception instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String first = unmatched.getUnmatched().get(0);
            String what = first.startsWith("-") ? "unknown option" : where.getSubcommands().isEmpty()
                    ? "unexpected argument" : "unknown command";
            List<String> nearest = unmatched.getSuggestions();
            err.println(Terminal.safe("stackdrift: " + what + " '" + first + "'"
                    + (nearest.isEmpty() ? "" : "; did you mean " + nearest.get(0) + "?")));
        } else {
            err.println(Terminal.safe("stackdrift: " + String.valueOf(exception.getMessage()).replaceAll("\\s*\\R\\s*", " ")));
        }
        err.println("'" + where.getCommandSpec().qualifiedName() + " --help' lists the "
                + (where.getSubcommands().isEmpty() ? "options" : "commands and options"));
        err.flush();
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
