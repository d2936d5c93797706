package io.stackdrift.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one way this project makes sure a directory exists. {@link Files#createDirectories} on a directory that is
 * already there first tries {@code mkdir} and builds, throws and catches a {@code FileAlreadyExistsException} with
 * its stack trace: on the path every tool call takes (its stdout's folder, the process log, the kept tool output)
 * that was about 5 % of a 1,000-stack check's CPU (docs/benchmarks.md). A look first costs one {@code stat}.
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
}
