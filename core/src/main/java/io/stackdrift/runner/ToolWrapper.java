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
 * When the wrapper gets SIGTERM, SIGINT or SIGHUP, a {@code stop} file appears in the step directory or a
 * {@code calls/N.stop} file beside the call's files (this call alone: the engine's timeout), or the host that started
 * it stops beating (below) — looked for five times a second where {@code sleep} takes a fraction, as GNU, BusyBox
 * and BSD's do, else each second — it sends
 * one SIGINT to the tool's own process only: Terraform, OpenTofu and Pulumi stop gently on it, and need their provider
 * processes (the tool's children) alive to finish the calls in flight and write state. After the grace period it
 * kills the tool and every descendant. The tool is started as an asynchronous command, so it begins with SIGINT
 * ignored (POSIX, without job control); the Go tools re-enable it when they listen for it, a tool written as a shell
 * script cannot, and gets the kill after the grace.
 *
 * <p>A host whose own death must not leave the tool running unwatched (a Jenkins agent's JVM killed with
 * {@code kill -9} runs no cleanup) passes a "lost after" period and keeps {@link Heartbeat} running: it rewrites
 * {@value Heartbeat#FILE} in the step directory with a new value every few seconds. When the value has not changed for
 * the period, the host is gone and the wrapper stops the tool as above. A file, not the host's pid: inside a container
 * ({@code docker.inside}, a Kubernetes pod's container) the wrapper cannot see the agent's processes, but it sees the
 * step directory, which is mounted at the same path. The wrapper exits with the tool's status.
 *
 * <p>No backslash and no backquote in the script: Kubernetes' {@code container} step passes each argument inside
 * double quotes.
 */
public final class ToolWrapper {
    /** Long enough for a provider call in flight to end; the hosts pass their own setting. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(120);

    /** The per-call stop file's suffix, beside {@code calls/N.out}: asks one call's tool to stop (a tool timeout). */
    public static final String CALL_STOP_SUFFIX = ".stop";
    /** The step directory's stop file: asks every tool of the step to stop (an abort). */
    public static final String STOP_FILE = "stop";
    /** The directory of the calls' files inside the step directory. */
    public static final String CALLS_DIR = "calls";
    /** The name the script runs under ({@code $0}), also how a host recognises its own command line. */
    public static final String NAME = "stack-drift-tool-wrapper";

    /**
     * The script: {@code $1} step directory, {@code $2} call number, {@code $3} grace seconds, {@code $4} seconds
     * without a heartbeat after which the host counts as gone ({@code 0}: no heartbeat is watched), then the tool.
     */
    public static final String SCRIPT = """
            d=$1; n=$2; grace=$3; lost=$4; shift 4
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
            beat=; since=
            while kill -0 "$tool" 2>/dev/null; do
              if [ "$asked" = 1 ] || [ -e "$d/stop" ] || [ -e "$c/$n.stop" ]; then gentle; break; fi
              if [ "$lost" -gt 0 ]; then
                now=$(cat "$d/heartbeat" 2>/dev/null); t=$(date +%s)
                if [ "$now" != "$beat" ] || [ -z "$since" ]; then beat=$now; since=$t; fi
                if [ $((t - since)) -ge "$lost" ]; then gentle; break; fi
              fi
              sleep 0.2 2>/dev/null || sleep 1
            done
            wait "$tool"; rc=$?
            echo "$rc" >"$c/$n.exit.tmp" && mv -f "$c/$n.exit.tmp" "$c/$n.exit"
            exit "$rc"
            """;

    private ToolWrapper() {
    }

    /**
     * The argument vector that runs {@code tool} as call {@code call} of the step directory, through {@code sh -c}
     * (the script is an argument, never a file the tool's directory could change), with no heartbeat watched.
     */
    public static List<String> command(final Path stepDir, final int call, final Duration grace, final List<String> tool) {
        return command(SCRIPT, stepDir, call, grace, Duration.ZERO, tool);
    }

    /**
     * As {@link #command(Path, int, Duration, List)}, stopping the tool when the step directory's heartbeat has not
     * changed for {@code lostAfter} (whole seconds; zero watches none): the host keeps a {@link Heartbeat} running.
     */
    public static List<String> command(final Path stepDir, final int call, final Duration grace, final Duration lostAfter,
            final List<String> tool) {
        return command(SCRIPT, stepDir, call, grace, lostAfter, tool);
    }

    /** The same with another script: the tests plant faults in it. */
    static List<String> command(final String script, final Path stepDir, final int call, final Duration grace,
            final List<String> tool) {
        return command(script, stepDir, call, grace, Duration.ZERO, tool);
    }

    static List<String> command(final String script, final Path stepDir, final int call, final Duration grace,
            final Duration lostAfter, final List<String> tool) {
        Objects.requireNonNull(stepDir, "stepDir");
        if (call < 0 || grace.isNegative() || lostAfter.isNegative() || tool.isEmpty()) {
            throw new IllegalArgumentException("a call number, a grace period, a heartbeat period and a tool are needed");
        }
        List<String> argv = new ArrayList<>(List.of("sh", "-c", script, NAME,
                stepDir.toString(), Integer.toString(call), Long.toString(grace.toSeconds()),
                Long.toString(lostAfter.toSeconds())));
        argv.addAll(tool);
        return List.copyOf(argv);
    }
}
