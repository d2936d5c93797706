package io.stackdrift.tool;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.Tool;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;
import io.stackdrift.spi.ToolSettings;

/**
 * Runs one command of one tool through the {@link ProcessRunner} and turns every way it can go wrong
 * (missing executable, timeout, an I/O error) into an {@link Outcome} with a one-line reason: the
 * adapters never throw for a failed tool, only for an interrupted run.
 */
final class ToolProcess {
    private final Tool tool;
    private final ToolSettings settings;
    private final ProcessRunner runner;
    /**
     * Debug switches that make a tool (or the providers it starts) log request bodies, state and gRPC
     * traffic, i.e. values and secrets, to stderr or a file. Inherited from the agent or the CLI's shell
     * they are switched off; a stack that sets one in its own environment keeps it. The tools treat an empty
     * value as unset (and Jenkins' launcher removes a variable given an empty value).
     */
    static final List<String> DEBUG_VARIABLES = List.of("TF_LOG", "TF_LOG_CORE", "TF_LOG_PROVIDER", "TF_LOG_PATH",
            "TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_SDK_HELPER_RESOURCE", "TF_LOG_SDK_HELPER_SCHEMA",
            "PULUMI_DEBUG_COMMANDS", "PULUMI_DEBUG_GRPC");

    private final Map<String, String> toolEnvironment;

    ToolProcess(final Tool tool, final ToolSettings settings, final ProcessRunner runner, final Map<String, String> toolEnvironment) {
        this(tool, settings, runner, toolEnvironment, System.getenv().keySet());
    }

    /** @param inherited the names of the variables the tool's process inherits (for per-provider {@code TF_LOG_*}) */
    ToolProcess(final Tool tool, final ToolSettings settings, final ProcessRunner runner, final Map<String, String> toolEnvironment,
            final Set<String> inherited) {
        this.tool = Objects.requireNonNull(tool, "tool");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.runner = Objects.requireNonNull(runner, "runner");
        Map<String, String> defaults = new LinkedHashMap<>();
        DEBUG_VARIABLES.forEach(name -> defaults.put(name, ""));
        inherited.stream().filter(name -> name.startsWith("TF_LOG_")).forEach(name -> defaults.put(name, ""));
        defaults.putAll(toolEnvironment);
        this.toolEnvironment = Map.copyOf(defaults);
    }

    /**
     * The time one stack's step (a plan: init, workspace, plan and show; an apply; ...) may take in all: the
     * configured timeout counts for the whole step, not for each of its processes.
     */
    Deadline deadline() {
        return new Deadline(System.nanoTime() + settings.timeout().toNanos(), settings.timeout());
    }

    /** As {@link #deadline()}, for a stack's apply or destroy: its own, longer timeout. */
    Deadline applyDeadline() {
        return new Deadline(System.nanoTime() + settings.applyTimeout().toNanos(), settings.applyTimeout());
    }

    /**
     * @param what        the words that name the step in a reason, e.g. "tofu plan"
     * @param environment the stack's variables; they win over the tool defaults
     * @param deadline    when the stack's step must be done
     */
    Outcome run(final String what, final List<String> command, final Path directory, final Map<String, String> environment,
            final Path stdoutFile, final Deadline deadline) throws InterruptedException {
        Duration left = deadline.left();
        if (left.isZero()) {
            return Outcome.couldNotRun(stdoutFile, FailureReason.timedOut(what, deadline.limit(), settings.timeoutHint()));
        }
        Map<String, String> merged = new LinkedHashMap<>(toolEnvironment);
        merged.putAll(environment);
        ProcessResult result;
        try {
            result = runner.run(new ProcessSpec(command, directory, merged, left, stdoutFile));
        } catch (IOException e) {
            return Outcome.couldNotRun(stdoutFile, "could not run " + what + ": " + FailureReason.cut(String.valueOf(e.getMessage())));
        }
        if (result.notFound()) {
            return Outcome.couldNotRun(stdoutFile, FailureReason.notFound(tool.word(), settings.executable(tool),
                    settings.isConfigured(tool)));
        }
        if (result.timedOut()) {
            return Outcome.couldNotRun(stdoutFile, FailureReason.timedOut(what, deadline.limit(), settings.timeoutHint()));
        }
        return new Outcome(true, result.exitCode(), result.stdoutFile(), result.stderrTail(), what, "");
    }

    /** A point in time by {@link System#nanoTime()}, and the timeout it came from (for the message). */
    record Deadline(long nanos, Duration limit) {
        /** The time left, zero when it passed. */
        Duration left() {
            long left = nanos - System.nanoTime();
            return left <= 0 ? Duration.ZERO : Duration.ofNanos(left);
        }
    }

    /**
     * How one command ended.
     *
     * @param ran        the process started and exited by itself (not killed at the timeout)
     * @param exitCode   its exit code when it ran
     * @param stdoutFile where its stdout is (or would have been)
     * @param stderrTail the end of its stderr
     * @param what       the step's words
     * @param couldNotRun why it did not run to its end; empty when it did
     */
    record Outcome(boolean ran, int exitCode, Path stdoutFile, String stderrTail, String what, String couldNotRun) {
        static Outcome couldNotRun(final Path stdoutFile, final String reason) {
            return new Outcome(false, -1, stdoutFile, "", "", reason);
        }

        boolean exitedWith(final int... codes) {
            if (!ran) {
                return false;
            }
            for (int code : codes) {
                if (exitCode == code) {
                    return true;
                }
            }
            return false;
        }

        /**
         * One line: why it could not run, else its exit code. Never a line of its stderr: a tool's error text can
         * carry a value unquoted ({@code Error: invalid value hunter2 for x}); the reason of a step with structured
         * diagnostics comes from {@link #reason(Optional)}.
         */
        String reason() {
            return reason(Optional.empty());
        }

        /** As {@link #reason()}, with the tool's own diagnostic (a summary from its JSON output) when it gave one. */
        String reason(final Optional<String> diagnostic) {
            if (!ran) {
                return couldNotRun;
            }
            return diagnostic.filter(d -> !d.isBlank())
                    .map(d -> FailureReason.cut(what + " failed: " + d))
                    .orElseGet(() -> FailureReason.exitCode(what, exitCode));
        }
    }
}
