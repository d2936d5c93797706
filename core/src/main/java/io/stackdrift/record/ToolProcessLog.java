package io.stackdrift.record;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.stackdrift.model.Directories;
import io.stackdrift.model.RegularFiles;

/**
 * Which tool processes each run started, on disk: one file per run ({@code <pid>-<start>.procs}, a line per process).
 * A run killed with {@code kill -9} cannot stop the {@code terraform apply} it started, and the operating system
 * frees the run's file locks at once; this log lets the next run see that the dead run's tool is still working
 * ({@link #liveProcessesOf}) and wait for it. Files of runs that are gone, with all their processes, are swept.
 */
public final class ToolProcessLog {
    private static final String SUFFIX = ".procs";
    /** A line of about 40 bytes per tool process: room for a run of many thousand stacks. */
    private static final int MOST_BYTES = 16 * 1024 * 1024;

    private final Path directory;
    private final ProcessOwner self;

    public ToolProcessLog(final Path directory) {
        this(directory, ProcessOwner.current());
    }

    ToolProcessLog(final Path directory, final ProcessOwner self) {
        this.directory = directory.toAbsolutePath().normalize();
        this.self = Objects.requireNonNull(self, "self");
    }

    /** Notes a tool process this run started; written before anything waits on it. */
    public synchronized void started(final ProcessHandle process) throws IOException {
        Directories.ensure(directory);
        Files.writeString(fileOf(self), ProcessOwner.of(process).text() + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }

    /** The tool processes of {@code run} that are still alive (none for a run that started none). */
    public List<ProcessOwner> liveProcessesOf(final ProcessOwner run) {
        List<ProcessOwner> live = new ArrayList<>();
        try {
            // read only a regular file, and only so far: a FIFO here would block the lock's waiter for good
            for (String line : RegularFiles.readSmall(fileOf(run), MOST_BYTES, StandardCharsets.UTF_8).orElse("").lines().toList()) {
                ProcessOwner.parse(line).filter(ProcessOwner::isAlive).ifPresent(live::add);
            }
        } catch (IOException e) {
            // unreadable: nothing is known alive; the lock's own holder check still applies
        }
        return live;
    }

    /** Deletes the files of runs that are gone and whose tool processes are all gone; returns how many. */
    public int sweep() {
        int swept = 0;
        if (!Files.isDirectory(directory)) {
            return 0;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
            for (Path file : files) {
                Optional<ProcessOwner> run = runOf(file.getFileName().toString());
                if (run.isPresent() && !run.get().isAlive() && liveProcessesOf(run.get()).isEmpty() && Files.deleteIfExists(file)) {
                    swept++;
                }
            }
        } catch (IOException e) {
            // a sweep that cannot finish is retried by the next run
        }
        return swept;
    }

    private Path fileOf(final ProcessOwner run) {
        return directory.resolve(run.pid() + "-" + run.started() + SUFFIX);
    }

    private static Optional<ProcessOwner> runOf(final String name) {
        Matcher m = Pattern.compile("(\\d{1,18})-(-1|\\d{1,18})" + Pattern.quote(SUFFIX))
                .matcher(name);
        return m.matches() ? Optional.of(new ProcessOwner(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) : Optional.empty();
    }
}
