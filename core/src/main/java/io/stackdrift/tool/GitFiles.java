package io.stackdrift.tool;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import io.stackdrift.model.Directories;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;

/**
 * The files git lists under a directory, asked of git itself through the host's process port (in Jenkins, the build's
 * launcher): {@code git ls-files -z --cached --others --exclude-standard}, tracked files and untracked ones it does
 * not ignore, whatever the repository's object format or index layout (SHA-256, split or sparse index). Empty when
 * git is not there, the directory is not in a checkout, or git lists nothing there (an ignored copy inside another
 * checkout): the digest then walks the disk. A run hands {@link #filesUnder} to the digest as its
 * {@code digest.FileLister}; this package, below the digest, does not know that interface.
 */
public final class GitFiles {
    /** The command; the plugin's launch policy allows exactly these arguments after {@code git}. */
    public static final List<String> LS_FILES = List.of("ls-files", "-z", "--cached", "--others", "--exclude-standard");

    private final ProcessRunner runner;
    private final Path workDir;
    private final Duration timeout;
    private final AtomicInteger calls = new AtomicInteger();

    /**
     * @param workDir where git's output goes (the stack's work directory of the run)
     * @param timeout how long one listing may take
     */
    public GitFiles(final ProcessRunner runner, final Path workDir, final Duration timeout) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.workDir = workDir.toAbsolutePath();
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /** The files under {@code dir} (absolute, normalized), or empty when git cannot say. */
    public Optional<List<Path>> filesUnder(final Path dir) throws InterruptedException {
        Path out = workDir.resolve("git-ls-files-" + calls.incrementAndGet() + ".txt");
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(LS_FILES);
        try {
            Directories.ensure(workDir);
            ProcessResult result = runner.run(new ProcessSpec(command, dir, Map.of(), timeout, out));
            if (result.notFound() || result.timedOut() || result.exitCode() != 0) {
                return Optional.empty();
            }
            Path base = dir.toAbsolutePath().normalize();
            Set<Path> files = new LinkedHashSet<>();
            for (String name : names(result.stdoutFile())) {
                files.add(base.resolve(name).normalize());
            }
            return files.isEmpty() ? Optional.empty() : Optional.of(List.copyOf(files));
        } catch (IOException e) {
            return Optional.empty();
        } finally {
            try {
                Files.deleteIfExists(out);
            } catch (IOException e) {
                // the work directory goes at the end of the run
            }
        }
    }

    /** The NUL-separated names git printed, read a buffer at a time. */
    private static List<String> names(final Path file) throws IOException {
        List<String> names = new ArrayList<>();
        ByteArrayOutputStream name = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    if (buffer[i] == 0) {
                        names.add(name.toString(StandardCharsets.UTF_8));
                        name.reset();
                    } else {
                        name.write(buffer[i]);
                    }
                }
            }
        }
        if (name.size() > 0) {
            names.add(name.toString(StandardCharsets.UTF_8));
        }
        return names;
    }
}
