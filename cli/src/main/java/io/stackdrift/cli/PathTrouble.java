package io.stackdrift.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
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
        if (e instanceof AccessDeniedException denied) {
            return denied(dir, denied);
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

    /**
     * What may not be done, and to what: the path the system refused (a file such as the run counter, or the directory
     * a new entry was to go in), with its owner and mode, never a guess that it was the directory's permissions.
     */
    private static String denied(final Path dir, final AccessDeniedException e) {
        Path refused = e.getFile() == null ? dir : Path.of(e.getFile());
        if (Files.exists(refused, LinkOption.NOFOLLOW_LINKS)) {
            String what = Files.isDirectory(refused, LinkOption.NOFOLLOW_LINKS) ? "use the directory " : "open ";
            return "no permission to " + what + refused + ownerAndMode(refused);
        }
        Path parent = nearestExisting(refused);
        boolean directory = dir.toAbsolutePath().normalize().startsWith(refused.toAbsolutePath().normalize());
        return "no permission to create " + (directory ? "a directory" : "anything") + " in " + parent + ownerAndMode(parent);
    }

    /** {@code " (it belongs to alice, rw-------)"}; empty where that cannot be read. */
    private static String ownerAndMode(final Path path) {
        try {
            PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return " (it belongs to " + attributes.owner().getName() + ", " + PosixFilePermissions.toString(attributes.permissions()) + ")";
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
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
