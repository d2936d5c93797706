package io.stackdrift.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;

/**
 * The directories a command writes into — {@code --record}, {@code --html}, the run's work directory — made sure of
 * before any tool runs, and what is wrong with one in words that lead somewhere: a file in the way (the path itself or
 * a directory above it), a directory that takes no new entries ({@code /proc}), no permission. The JDK says only
 * "/proc/x" for most of these.
 */
final class PathTrouble {
    private PathTrouble() {
    }

    /**
     * {@code dir}, created if missing, where the command can write; otherwise a {@link CliFailure}.
     *
     * @param what what the directory is, as the message opens: {@code --record /proc/x}
     * @param hint what to do instead
     */
    static Path writableDirectory(final String what, final String option, final Path dir, final String hint) {
        try {
            Directories.ensure(dir);
        } catch (IOException e) {
            throw new CliFailure(what + ": " + describe(dir, e), hint, option, dir);
        }
        if (!Files.isWritable(dir)) {
            throw new CliFailure(what + ": no permission to write in it", hint, option, dir);
        }
        return dir;
    }

    /** A directory the command only reads, if it is there: a file in its place is refused. */
    static Path readableDirectory(final String what, final String option, final Path dir, final String hint) {
        Optional<Path> file = fileInTheWay(dir);
        if (file.isPresent()) {
            throw new CliFailure(what + ": " + inTheWay(dir, file.get()), hint, option, dir);
        }
        return dir;
    }

    /** Why {@code dir} could not be created or written in, on one line, without repeating {@code dir} itself. */
    static String describe(final Path dir, final IOException e) {
        Optional<Path> file = fileInTheWay(dir);
        if (file.isPresent()) {
            return inTheWay(dir, file.get());
        }
        Path existing = nearestExisting(dir);
        if (e instanceof AccessDeniedException) {
            return "no permission to create a directory in " + existing;
        }
        if (e instanceof NoSuchFileException) {
            // the parent is there and is a directory, yet the system says "no such file": /proc, /sys and the like
            return "cannot create a directory in " + existing + " (it takes no new entries)";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return "cannot create a directory in " + existing + " (" + fs.getReason().strip() + ")";
        }
        return IoProblem.of(e);
    }

    private static String inTheWay(final Path dir, final Path file) {
        return file.equals(dir) ? "this is a file, not a directory" : file + " is a file, not a directory";
    }

    /** The path itself or the nearest existing directory above it, when that is a file rather than a directory. */
    private static Optional<Path> fileInTheWay(final Path dir) {
        Path existing = nearestExisting(dir);
        return Files.exists(existing) && !Files.isDirectory(existing) ? Optional.of(existing) : Optional.empty();
    }

    private static Path nearestExisting(final Path dir) {
        Path at = dir.toAbsolutePath().normalize();
        Path parent = at.getParent();
        while (parent != null && !Files.exists(at)) {
            at = parent;
            parent = at.getParent();
        }
        return at;
    }
}
