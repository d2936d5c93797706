package io.stackdrift.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code stackdrift}: the engine on the command line. Exit codes: 0 nothing to report, 2 drift or pending changes, 1 error. */
@Command(name = "stackdrift", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Drift checks and dependency-aware deploys of Terraform, OpenTofu and Pulumi stacks.",
        subcommands = {CommandLine.HelpCommand.class, ValidateCommand.class, PreviewCommand.class, CheckCommand.class,
                DeployCommand.class, ReportCommand.class, GraphCommand.class})
public final class StackDriftCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(final String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code (tests call this). */
    public static int execute(final String... args) {
        return newCommandLine().execute(args);
    }

    static CommandLine newCommandLine() {
        CommandLine commandLine = new CommandLine(new StackDriftCommand());
        commandLine.setExecutionExceptionHandler((exception, cmd, parseResult) -> {
            cmd.getErr().println("stackdrift: " + exception.getMessage());
            return ExitCodes.ERROR;
        });
        commandLine.setParameterExceptionHandler((exception, args) -> {
            exception.getCommandLine().getErr().println("stackdrift: " + exception.getMessage());
            exception.getCommandLine().usage(exception.getCommandLine().getErr());
            return ExitCodes.ERROR;
        });
        return commandLine;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "name a command: validate, preview, check, deploy, report or graph (stackdrift help COMMAND tells more)");
    }
}
