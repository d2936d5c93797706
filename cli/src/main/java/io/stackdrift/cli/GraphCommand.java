package io.stackdrift.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.stackdrift.engine.RunOrderOutcome;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.Problem;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.spi.HistoryView;

/**
 * {@code stackdrift graph}: the order a deploy of every stack would run in, as groups that can run together, and
 * each edge with where it was read (the file's {@code dependsOn}, or the latest preview's stack references). Reads
 * files only (the configuration and the history); runs no tool.
 */
@Command(name = "graph", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Show the order a deploy runs the stacks in: groups that run together, and every edge with where it was read.",
        exitCodeListHeading = "Exit codes:%n", exitCodeList = {"0:the order was shown", "1:a bad configuration"})
public final class GraphCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", defaultValue = "stacks.yaml",
            description = "The configuration file (default: ${DEFAULT-VALUE}); its directory is the repository root.")
    private Path config;

    @Option(names = "--record", paramLabel = "DIR",
            description = "The history whose latest previews give the dependsOn: auto edges "
                    + "(default: .stackdrift/ beside the configuration file).")
    private Path record;

    @ArgGroup(exclusive = true)
    private Format format;

    /** One output form at most. */
    static final class Format {
        @Option(names = "--json", description = "Print the order as JSON.")
        boolean json;

        @Option(names = "--dot", description = "Print the order as Graphviz DOT.")
        boolean dot;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path configFile = config.toAbsolutePath().normalize();
        Path root = Optional.ofNullable(configFile.getParent()).orElse(Path.of("").toAbsolutePath());
        HistoryStore history = new HistoryStore(record != null ? record : root.resolve(".stackdrift"));
        RunOrderOutcome outcome = StackDriftEngine.graph(configFile, root, HistoryView.of(history));
        for (Problem warning : outcome.warnings()) {
            err.println(Terminal.safe("warning: " + warning.format()));
        }
        for (String warning : history.warnings()) {
            err.println("warning: " + Terminal.safe(warning));
        }
        if (outcome.configInvalid()) {
            for (Problem problem : outcome.problems()) {
                err.println(Terminal.safe(problem.format()));
            }
            int count = outcome.problems().size();
            err.println(config + ": " + count + (count == 1 ? " problem" : " problems"));
            err.flush();
            return ExitCodes.ERROR;
        }
        if (format != null && format.json) {
            out.print(outcome.json());
        } else {
            out.print(format != null && format.dot ? outcome.dot() : outcome.text());
        }
        out.flush();
        err.flush();
        return ExitCodes.OK;
    }
}
