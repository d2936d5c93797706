package io.stackdrift.graph;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

import io.stackdrift.model.StackId;

/**
 * A {@link SchedulerListener} that writes one progress line per event ("started network",
 * "finished network in 12s", "skipped app: dependency network failed"); the CLI sends them to stderr, the
 * plugin to the build log. Lines carry stack ids and reasons only, never a value.
 */
public final class ProgressLines implements SchedulerListener {
    private final Consumer<String> out;

    public ProgressLines(final Consumer<String> out) {
        this.out = Objects.requireNonNull(out, "out");
    }

    @Override
    public void started(final StackId id) {
        out.accept("started " + id);
    }

    @Override
    public void ended(final StackResult result) {
        out.accept(line(result));
    }

    @Override
    public void stopping(final StopMode mode) {
        out.accept(mode == StopMode.KILL_RUNNING
                ? "stopping: no more stacks start; running ones are being interrupted"
                : "stopping: no more stacks start; running ones may finish");
    }

    static String line(final StackResult result) {
        String took = duration(result.elapsed());
        return switch (result.state()) {
            case SUCCEEDED -> "finished " + result.id() + " in " + took;
            case NOTHING_TO_DO -> "finished " + result.id() + " in " + took + ": nothing to deploy";
            case FAILED -> "failed " + result.id() + " after " + took + ": " + result.reason();
            case AWAITING_APPROVAL -> result.id() + " awaits approval: " + result.reason();
            case SKIPPED -> "skipped " + result.id() + ": " + result.reason();
            case INTERRUPTED -> "interrupted " + result.id() + " after " + took;
        };
    }

    /** 850ms → "0.9s", 12s → "12s", 75s → "1m15s", 3725s → "1h02m". */
    static String duration(final Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds < 10) {
            return String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
        }
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return seconds / 60 + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s";
        }
        return seconds / 3600 + "h" + String.format(Locale.ROOT, "%02d", seconds % 3600 / 60) + "m";
    }
}
