package io.stackdrift.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.stackdrift.engine.Inspection;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.Problem;

/**
 * {@code stackdrift validate}: check mode (docs/configuration.md, "Check mode"). Reads stacks.yaml and the repository's files only
 * (no tool, no credentials), prints every stack with its settings, or every problem at once.
 */
@Command(name = "validate", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Check stacks.yaml and list every stack with its settings (reads files only; runs no tool).")
public final class ValidateCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", defaultValue = "stacks.yaml",
            description = "The configuration file (default: ${DEFAULT-VALUE}); its directory is the repository root.")
    private Path config;

    @Option(names = "--json", description = "Print the result as JSON on standard output.")
    private boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path root = config.toAbsolutePath().normalize().getParent();
        Inspection result = StackDriftEngine.validate(config, root == null ? Path.of(".") : root);
        for (Problem warning : result.warnings()) {
            Terminal.printLines(err, "warning: " + warning.format());
        }
        if (!result.valid()) {
            for (Problem problem : result.problems()) {
                Terminal.printLines(err, problem.format());
            }
            int count = result.problems().size();
            err.println(config + ": " + count + (count == 1 ? " problem" : " problems") + "; nothing runs until "
                    + (count == 1 ? "it is" : "they are") + " fixed");
            if (json) {
                out.print(result.problemsJson());
            }
            out.flush();
            err.flush();
            return ExitCodes.ERROR;
        }
        if (json) {
            out.print(result.listingJson());
        } else {
            Terminal.printLines(out, result.listingText());
        }
        out.flush();
        err.flush();
        return ExitCodes.OK;
    }
}
