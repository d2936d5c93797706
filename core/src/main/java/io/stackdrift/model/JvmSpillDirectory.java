package io.stackdrift.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * One spill directory per JVM, {@code stackdrift-changes-<pid>-<random>} in the temporary directory, made afresh
 * (never one found there: another user may have made it) and private, on first use:
 * deleted by a shutdown hook, so a long-lived JVM (a Jenkins controller) registers one hook, not one per file; the
 * directories of JVMs that are gone (killed) are deleted when the next one is made, those of this user only and through
 * open directories ({@link Directories#sweep}): anyone may make a directory of that name there.
 */
final class JvmSpillDirectory {
    static final String PREFIX = "stackdrift-changes-";

    private JvmSpillDirectory() {
    }

    /** This JVM's directory, made on first use. */
    static Path get() {
        return Holder.DIRECTORY;
    }

    /**
     * Deletes the spill directories under {@code parent} whose JVM is no longer running and that belong to this user;
     * returns how many. The CLI and a Jenkins controller (a build page reading a long row) both sweep here.
     */
    static int sweepDead(final Path parent) {
        int swept = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent, PREFIX + "*")) {
            for (Path dir : dirs) {
                Optional<Long> pid = pidOf(dir);
                boolean gone = pid.isPresent() && pid.get() != ProcessHandle.current().pid()
                        && !ProcessHandle.of(pid.get()).map(ProcessHandle::isAlive).orElse(false);
                if (gone && Directories.sweep(dir)) {
                    swept++;
                }
            }
        } catch (IOException e) {
            // what is left is swept by the next JVM
        }
        return swept;
    }

    private static Optional<Long> pidOf(final Path dir) {
        Path name = dir.getFileName();
        if (name == null) {
            return Optional.empty();
        }
        String rest = name.toString().substring(PREFIX.length());
        int dash = rest.indexOf('-');
        String digits = dash < 0 ? "" : rest.substring(0, dash);
        if (digits.isEmpty() || digits.length() > 18 || !digits.chars().allMatch(Character::isDigit)) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(digits));
    }

    /** Made when first needed (lazy holder): most runs never spill outside their work directory. */
    private static final class Holder {
        static final Path DIRECTORY = create();

        private static Path create() {
            Path parent = Path.of(System.getProperty("java.io.tmpdir"));
            sweepDead(parent);
            Path dir;
            try {
                dir = parent.getFileSystem().supportedFileAttributeViews().contains("posix")
                        ? Files.createTempDirectory(parent, PREFIX + ProcessHandle.current().pid() + "-",
                                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")))
                        : Files.createTempDirectory(parent, PREFIX + ProcessHandle.current().pid() + "-");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make a spill directory in " + parent + ": " + IoProblem.of(e), e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> Directories.delete(dir), "stackdrift spill directory cleanup"));
            return dir;
        }
    }
}
