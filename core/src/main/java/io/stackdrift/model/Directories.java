package io.stackdrift.model;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.function.Predicate;

/**
 * Directories made sure of and deleted, one way for the whole project. Making sure goes through {@link #ensure}:
 * {@link Files#createDirectories} on a directory that is already there first tries {@code mkdir} and builds, throws
 * and catches a {@code FileAlreadyExistsException} with its stack trace; on the path every tool call takes (its
 * stdout's folder, the process log, the kept tool output) that was about 5 % of a 1,000-stack check's CPU
 * (docs/benchmarks.md). A look first costs one {@code stat}.
 */
public final class Directories {
    private Directories() {
    }

    /** {@code dir}, created with its missing parents unless it is a directory (or a link to one) already. */
    public static Path ensure(final Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
        }
        return dir;
    }

    /** Deletes a directory tree, never following links out of it; see {@link #deleteExcept}. */
    public static void delete(final Path dir) {
        deleteExcept(dir, file -> false);
    }

    /**
     * Deletes every file of a directory tree that {@code keep} does not name, and the directories left empty; never
     * follows links out of it. What cannot be read or deleted is left (the next run's sweep tries again) and the rest
     * still goes: one file in the way must not keep every plan file of a run on disk.
     */
    public static void deleteExcept(final Path dir, final Predicate<Path> keep) {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(final Path file, final BasicFileAttributes attrs) {
                    if (!keep.test(file)) {
                        deleteQuietly(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(final Path file, final IOException exc) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(final Path d, final IOException exc) {
                    try (DirectoryStream<Path> left = Files.newDirectoryStream(d)) {
                        if (!left.iterator().hasNext()) {
                            deleteQuietly(d);
                        }
                    } catch (IOException e) {
                        // unreadable: left for the next sweep
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // the start itself is unreadable: left for the next sweep
        }
    }

    private static void deleteQuietly(final Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // left for the next sweep
        }
    }
}
