package io.stackdrift.runner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.stackdrift.model.RowState;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.ProgressListener;

/**
 * The engine process's progress port: each line, masked, is appended to the step's {@code log} as one whole line
 * (the host copies new bytes from its saved offset, so a line is never written twice). It also counts the stacks
 * whose row is done, from the engine's row lines ({@code network: in sync}), for {@code status.json}.
 */
public final class StepLog implements ProgressListener {
    private static final Pattern ROW_LINE = Pattern.compile("^(\\S.*?): ([a-z][a-z ]*?)(?: — .*)?$");
    private static final Set<String> STATE_WORDS = states();

    private final StepDirectory dir;
    private final SecretMask mask;
    private final String prefix;
    private final Set<String> done = ConcurrentHashMap.newKeySet();

    /** @param prefix put before each line ({@code "Stack Drift: "}), as the host's console shows it */
    public StepLog(final StepDirectory dir, final SecretMask mask, final String prefix) {
        this.dir = Objects.requireNonNull(dir, "dir");
        this.mask = Objects.requireNonNull(mask, "mask");
        this.prefix = Objects.requireNonNull(prefix, "prefix");
    }

    @Override
    public synchronized void line(final String message) {
        String masked = mask.mask(message).replace('\n', ' ').replace('\r', ' ');
        Matcher row = ROW_LINE.matcher(masked);
        if (row.matches() && STATE_WORDS.contains(row.group(2))) {
            done.add(row.group(1));
        }
        try {
            Files.write(dir.log(), (prefix + masked + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not append to the step's log " + dir.log(), e);
        }
    }

    /** The stacks whose row the run has printed. */
    public int stacksDone() {
        return done.size();
    }

    private static Set<String> states() {
        Set<String> words = new TreeSet<>();
        for (RowState state : RowState.values()) {
            words.add(state.word());
        }
        return Set.copyOf(words);
    }
}
