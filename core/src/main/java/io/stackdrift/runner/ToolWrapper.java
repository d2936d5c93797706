package io.stackdrift.runner;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The POSIX {@code sh} wrapper that runs one tool call of a durable step, started by whoever launches the call.
 *
 * <p>It runs the tool with stdout and stderr into {@code calls/N.out} and {@code calls/N.err} and writes the exit
 * status into {@code calls/N.exit} atomically (a temporary file, then a rename), so a reader never sees half of it.
 * When the wrapper gets SIGTERM, SIGINT or SIGHUP, or a {@code stop} file appears in the step directory (or a
 * {@code calls/N.stop} for this call alone: the engine's timeout; looked for five times a second where {@code sleep}
 * takes a fraction, as GNU, BusyBox and BSD's do, else each second), it sends
 * one SIGINT to the tool's own process only: Terraform, OpenTofu and Pulumi stop gently on it, and need their provider
 * processes (the tool's children) alive to finish the calls in flight and write state. After the grace period it
 * kills the tool and every descendant. The tool is started as an asynchronous command, so it begins with SIGINT
 * ignored (POSIX, without job control); the Go tools re-enable it when they listen for it, a tool written as a shell
 * script cannot, and gets the kill after the grace.
 */
public final class ToolWrapper {
    /** Long enough for a provider call in flight to end; the hosts pass their own setting. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(120);

    /** The script: {@code $1} step directory, {@code $2} call number, {@code $3} grace seconds, then the tool. */
    public static final String SCRIPT = """
            d=$1; n=$2; grace=$3; shift 3
            c=$d/calls
            "$@" >"$c/$n.out" 2>"$c/$n.err" &
            tool=$!
            asked=0
            trap 'asked=1' INT TERM HUP
            tree() {
              ps -A -o pid= -o ppid= | awk -v root="$1" '{ parent[$1] = $2 }
                END { n = 1; list[1] = root; out = root
                      for (i = 1; i <= n; i++) for (p in parent) if (parent[p] == list[i]) { list[++n] = p; out = out " " p }
                      print out }'
            }
            gentle() {
              kill -INT "$tool" 2>/dev/null
              waited=0
              while kill -0 "$tool" 2>/dev/null && [ "$waited" -lt "$grace" ]; do sleep 1; waited=$((waited + 1)); done
              if kill -0 "$tool" 2>/dev/null; then kill -KILL $(tree "$tool") 2>/dev/null; fi
            }
            while kill -0 "$tool" 2>/dev/null; do
              if [ "$asked" = 1 ] || [ -e "$d/stop" ] || [ -e "$c/$n.stop" ]; then gentle; break; fi
              sleep 0.2 2>/dev/null || sleep 1
            done
            wait "$tool"; rc=$?
            printf '%s\\n' "$rc" >"$c/$n.exit.tmp" && mv -f "$c/$n.exit.tmp" "$c/$n.exit"
            """;

    private ToolWrapper() {
    }

    /**
     * The argument vector that runs {@code tool} as call {@code call} of the step directory, through {@code sh -c}
     * (the script is an argument, never a file the tool's directory could change).
     */
    public static List<String> command(final Path stepDir, final int call, final Duration grace, final List<String> tool) {
        return command(SCRIPT, stepDir, call, grace, tool);
    }

    /** The same with another script: the tests plant faults in it. */
    static List<String> command(final String script, final Path stepDir, final int call, final Duration grace,
            final List<String> tool) {
        Objects.requireNonNull(stepDir, "stepDir");
        if (call < 0 || grace.isNegative() || tool.isEmpty()) {
            throw new IllegalArgumentException("a call number, a grace period and a tool are needed");
        }
        List<String> argv = new ArrayList<>(List.of("sh", "-c", script, "stack-drift-tool-wrapper",
                stepDir.toString(), Integer.toString(call), Long.toString(grace.toSeconds())));
        argv.addAll(tool);
        return List.copyOf(argv);
    }
}
