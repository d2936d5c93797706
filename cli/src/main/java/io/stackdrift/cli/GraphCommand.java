package io.stackdrift.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;

import picocli.CommandLine;
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

    @Option(names = "--json", description = "Print the order as JSON.")
    private boolean json;

    @Option(names = "--dot", description = "Print the order as Graphviz DOT.")
    private boolean dot;

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

    /** {@code --shards N}: the split of a sharded deploy. */
    private int shards(final Path configFile, final Path root, final HistoryStore history, final PrintWriter out,
            final PrintWriter err) {
        if (shards == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--stacks and --parallelism go with --shards N");
        }
        if (shards < 1 || parallelism != null && parallelism < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--shards and --parallelism must be at least 1");
        }
        if (dot) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--shards shows text or --json, not --dot");
        }
        ShardsOutcome outcome = StackDriftEngine.shards(configFile, root, HistoryView.of(history), stacks, shards,
                parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism));
        if (outcome.configInvalid()) {
            return invalid(outcome.problems(), outcome.warnings(), out, err);
        }
        printWarnings(outcome.warnings(), err);
        if (json) {
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
        if (json && dot) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--json and --dot exclude each other: give one");
        }
        Path configFile = config.toAbsolutePath().normalize();
        Path root = Optional.ofNullable(configFile.getParent()).orElse(Path.of("").toAbsolutePath());
        Path recordDir = record != null ? record : root.resolve(".stackdrift");
        PathTrouble.readableDirectory(record != null ? "--record " + record : "the record directory " + recordDir, "--record", recordDir,
                "name the directory that holds the history, or leave --record out for .stackdrift/ beside the configuration file");
        HistoryStore history = new HistoryStore(recordDir);
        // --stacks and --parallelism from the environment (set for deploy, say) do not turn a plain graph into the split
        if (shards != null || onCommandLine("--stacks") || onCommandLine("--parallelism")) {
            return shards(config, root, history, out, err);
        }
        RunOrderOutcome outcome = StackDriftEngine.graph(config, root, HistoryView.of(history));
        if (outcome.configInvalid()) {
            return invalid(outcome.problems(), outcome.warnings(), out, err);
        }
        printWarnings(outcome.warnings(), err);
        for (String warning : history.warnings()) {
            err.println("warning: " + Terminal.safe(warning));
        }
        if (json) {
            out.print(outcome.json());
        } else {
            out.print(dot ? outcome.dot() : outcome.text());
        }
        out.flush();
        err.flush();
        return ExitCodes.OK;
    }

    private boolean onCommandLine(final String option) {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        return parsed != null && parsed.hasMatchedOption(option);
    }

    /** A bad configuration: every problem on stderr (a hint on its own line), and with --json the error JSON on stdout. */
    private int invalid(final List<Problem> problems, final List<Problem> warnings, final PrintWriter out, final PrintWriter err) {
        printWarnings(warnings, err);
        for (Problem problem : problems) {
            Terminal.printLines(err, problem.format());
        }
        int count = problems.size();
        err.println(Terminal.safe(config + ": " + count + (count == 1 ? " problem" : " problems") + "; nothing is shown until "
                + (count == 1 ? "it is" : "they are") + " fixed"));
        err.flush();
        if (json) {
            ErrorOutput.printProblems(problems, warnings, out);
        }
        return ExitCodes.ERROR;
    }

    private static void printWarnings(final List<Problem> warnings, final PrintWriter err) {
        for (Problem warning : warnings) {
            Terminal.printLines(err, "warning: " + warning.format());
        }
    }
}
