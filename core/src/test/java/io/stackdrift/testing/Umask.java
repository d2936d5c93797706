package io.stackdrift.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** What the umask gives a new file, and the files of a tree that got something else. */
public final class Umask {
    private Umask() {
    }

    /** The mode a file created in {@code dir} with no mode of its own gets: what the umask leaves of {@code rw-rw-rw-}. */
    public static Set<PosixFilePermission> ofNewFile(final Path dir) throws IOException {
        Path probe = Files.createFile(dir.resolve(".umask-probe"));
        try {
            return Files.getPosixFilePermissions(probe);
        } finally {
            Files.delete(probe);
        }
    }

    /** {@code "path rw-------"} for each regular file under {@code root} whose mode is not {@code expected}. */
    public static List<String> filesNotOf(final Path root, final Set<PosixFilePermission> expected) throws IOException {
        List<String> other = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && !Files.getPosixFilePermissions(file).equals(expected)) {
                    other.add(root.relativize(file) + " " + PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
                }
            }
        }
        return other;
    }
}
