package io.stackdrift.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.UnaryOperator;

import picocli.CommandLine;
import picocli.CommandLine.Option;

import io.stackdrift.engine.RunRequest;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Tool;
import io.stackdrift.spi.ToolSettings;

/**
 * The options preview, check and deploy share, checked (a bad value is picocli's parameter error, naming the option)
 * and resolved into a {@link RunSetup}; {@link CliHost} runs the engine with it.
 */
final class RunOptions {
    static final String RECORD_HINT = "name a directory you can write to with --record (it is created if missing), or leave "
            + "--record out for .stackdrift/ beside the configuration file";
    static final String HTML_HINT = "name a directory you can write to with --html (it is created if missing); the report's "
            + "files go into it";

    @Option(names = "--config", paramLabel = "FILE", defaultValue = "stacks.yaml",
            description = "The configuration file (default: ${DEFAULT-VALUE}); its directory is the repository root.")
    Path config;

    @Option(names = "--stacks", paramLabel = "ID", split = ",",
            description = "Stack ids or globs to include (comma-separated or repeated); default: every stack.")
    List<String> stacks = new ArrayList<>();

    @Option(names = "--json", description = "Print the result as JSON on standard output (counts, rows, trail; never a value).")
    boolean json;

    @Option(names = "--html", paramLabel = "DIR", description = "Write a static HTML report of the run into DIR.")
    Path html;

    @Option(names = "--record", paramLabel = "DIR",
            description = "Where the history lives (default: .stackdrift/ beside the configuration file).")
    Path record;

    @Option(names = "--parallelism", paramLabel = "N", description = "Stacks run at once (overrides the file's parallelism).")
    Integer parallelism;

    @Option(names = "--tool-path", paramLabel = "TOOL=PATH", split = ",",
            description = "The executable of a tool (terraform, tofu, pulumi; comma-separated or repeated); default: the tool's "
                    + "name on PATH.")
    Map<String, String> toolPaths = Map.of();

    @Option(names = "--timeout", paramLabel = "DURATION",
            description = "How long one stack's step may run, its apply included (default: 10m for a plan, 1h for an apply).")
    String timeout;

    @Option(names = "--quiet", description = "Print only errors (on stderr) and the counts line; the exit code is the same.")
    boolean quiet;

    /** Runs one engine call with these options and returns the exit code. */
    int run(final CommandLine commandLine, final StartedBy startedBy, final String cause, final Set<String> changed,
            final UnaryOperator<RunRequest.Builder> adjust, final CliHost.EngineCall call) {
        return run(setup(commandLine), commandLine, startedBy, cause, changed, adjust, call);
    }

    /** Runs one engine call with a setup these options made (and a command adjusted) and returns the exit code. */
    static int run(final RunSetup setup, final CommandLine commandLine, final StartedBy startedBy, final String cause,
            final Set<String> changed, final UnaryOperator<RunRequest.Builder> adjust, final CliHost.EngineCall call) {
        return new CliHost(setup, commandLine.getOut(), commandLine.getErr()).run(startedBy, cause, changed, adjust, call);
    }

    /** The options as one run uses them: paths resolved, tool settings made, values checked. */
    RunSetup setup(final CommandLine commandLine) {
        if (parallelism != null && parallelism < 1) {
            throw new CommandLine.ParameterException(commandLine, "--parallelism must be at least 1, not " + parallelism);
        }
        ToolSettings settings = toolSettings(commandLine);
        Path root = root();
        Path recordDir = recordDir();
        // made sure of before any tool runs: a path that cannot be used fails the command now, not after an hour of applies
        PathTrouble.writableDirectory(record != null ? "--record " + record : "the record directory " + recordDir, "--record", recordDir,
                RECORD_HINT);
        if (html != null) {
            PathTrouble.writableDirectory("--html " + html, "--html", html, HTML_HINT);
        }
        return new RunSetup(config, root, recordDir, stacks, parallelism == null ? OptionalInt.empty() : OptionalInt.of(parallelism),
                settings, json, Optional.ofNullable(html), Verbosity.of(quiet), Optional.empty());
    }

    /** The history's directory: {@code --record}, else {@code .stackdrift/} beside the configuration file. */
    Path recordDir() {
        return record != null ? record : root().resolve(".stackdrift");
    }

    /** The repository root: the configuration file's directory. */
    Path root() {
        Path configFile = config.toAbsolutePath().normalize();
        return Optional.ofNullable(configFile.getParent()).orElse(Path.of("").toAbsolutePath());
    }

    /**
     * A tool path that names a file (it has a '/'; a bare name is looked up on PATH) must be one this user can run: checked
     * before any tool runs, as every stack of that tool would fail with it.
     */
    private static String executable(final String tool, final String value) {
        if (value.indexOf('/') < 0 && value.indexOf('\\') < 0) {
            return value;
        }
        Path file = Path.of(value);
        String what = "--tool-path " + tool + "=" + value;
        String hint = "name the " + tool + " executable itself (--tool-path " + tool + "=/usr/local/bin/" + tool
                + "), or leave it out to use the " + tool + " on PATH";
        if (Files.isDirectory(file)) {
            throw new CliFailure(what + ": this is a directory", hint, "--tool-path", file);
        }
        if (!Files.exists(file)) {
            throw new CliFailure(what + ": no such file", hint, "--tool-path", file);
        }
        if (!Files.isExecutable(file)) {
            throw new CliFailure(what + ": the file is not executable (chmod +x it)", hint, "--tool-path", file);
        }
        return value;
    }

    private ToolSettings toolSettings(final CommandLine commandLine) {
        ToolSettings settings = ToolSettings.defaults().withTimeoutHint("raise it with --timeout");
        for (Map.Entry<String, String> entry : toolPaths.entrySet()) {
            Tool tool = Tool.fromWord(entry.getKey()).orElseThrow(() -> new CommandLine.ParameterException(commandLine,
                    "--tool-path: unknown tool '" + entry.getKey() + "'; write terraform=PATH, tofu=PATH or pulumi=PATH"));
            settings = settings.withExecutable(tool, executable(entry.getKey(), entry.getValue()));
        }
        if (timeout != null) {
            Duration parsed = StackDriftEngine.duration(timeout).filter(d -> !d.isZero())
                    .orElseThrow(() -> new CommandLine.ParameterException(commandLine,
                            "--timeout: '" + timeout + "' is not a duration; write e.g. 30s, 15m or 1h30m"));
            settings = settings.withTimeout(parsed);
        }
        return settings;
    }
}
