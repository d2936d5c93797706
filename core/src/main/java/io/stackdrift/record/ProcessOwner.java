package io.stackdrift.record;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process that owns something on disk (an override file, a lock, a work directory), as it is written down:
 * its pid and, where the platform tells it, its start time in epoch milliseconds ({@code -1} unknown). The start
 * time tells a live owner from a new process that got the same pid after the owner died.
 *
 * @param pid     the process id
 * @param started the process's start time in epoch milliseconds, -1 when unknown
 */
public record ProcessOwner(long pid, long started) {
    /** This process. */
    public static ProcessOwner current() {
        return of(ProcessHandle.current());
    }

    public static ProcessOwner of(final ProcessHandle process) {
        return new ProcessOwner(process.pid(), process.info().startInstant().map(Instant::toEpochMilli).orElse(-1L));
    }

    /** True while the process runs: its pid is alive and, when both are known, it started when the owner did. */
    public boolean isAlive() {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return false;
        }
        long now = process.get().info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
        return started < 0 || now < 0 || now == started;
    }

    public boolean isCurrent() {
        return equals(current());
    }

    /** {@code pid=N started=M}: one line, read back by {@link #parse}. */
    public String text() {
        return "pid=" + pid + " started=" + started;
    }

    /** The owner a {@link #text()} names; empty for anything else. */
    public static Optional<ProcessOwner> parse(final String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = Pattern.compile("pid=(\\d{1,18}) started=(-1|\\d{1,18})").matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(new ProcessOwner(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
    }
}
