package io.stackdrift.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import io.stackdrift.engine.RunOrderOutcome;
import io.stackdrift.engine.ShardsOutcome;
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

    @Option(names = "--shards", paramLabel = "N",
            description = "Show how 'deploy --shard I/N' splits the selected stacks into N shards, and which stacks wait for another "
                    + "shard's.")
    private Integer shards;

    @Option(names = "--stacks", paramLabel = "ID", split = ",",
            description = "With --shards: the stack ids or globs a sharded deploy selects (default: every stack).")
    private List<String> stacks = new ArrayList<>();

    @Option(names = "--parallelism", paramLabel = "N",
            description = "With --shards: stacks each shard runs at once (default: the file's parallelism).")
    private Integer parallelism;

    /** One output form at most. */
    static final class Format {
        @Option(names = "--json", description = "Print the order as JSON.")
        boolean json;

        @Option(names = "--dot", description = "Print the order as Graphviz DOT.")
        boolean dot;
    }

    /** {@code --shards N}: the split of a sharded deploy. */
    private int shards(final Path configFile, final Path root, final HistoryStore history, final PrintWriter out,
            final PrintWriter err) {
        if (shards == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--stacks and --parallelism go with --shards N");
        }
        if (shards < 1 || parallelism != null && parallelism < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--shards and --parallelism must be at least 1");
        }
        if (format != null && format.dot) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--shards shows text or --json, not --dot");
        }
        ShardsOutcome outcome = StackDriftEngine.shards(configFile, root, HistoryView.of(history), stacks, shards,
                parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism));
        for (Problem warning : outcome.warnings()) {
            err.println(Terminal.safe("warning: " + warning.format()));
        }
        if (outcome.configInvalid()) {
            for (Problem problem : outcome.problems()) {
                err.println(Terminal.safe(problem.format()));
            }
            err.flush();
            return ExitCodes.ERROR;
        }
        if (format != null && format.json) {
            out.print(outcome.json());
        } else {
            for (String line : outcome.text().split("\n", -1)) {
                if (!line.isEmpty()) {
                    out.println(Terminal.safe(line));
                }
            }
        }
        out.flush();
        err.flush();
        return ExitCodes.OK;
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path configFile = config.toAbsolutePath().normalize();
        Path root = Optional.ofNullable(configFile.getParent()).orElse(Path.of("").toAbsolutePath());
        HistoryStore history = new HistoryStore(record != null ? record : root.resolve(".stackdrift"));
        if (shards != null || !stacks.isEmpty() || parallelism != null) {
            return shards(configFile, root, history, out, err);
        }
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
