package io.stackdrift.record;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.stackdrift.model.Directories;
import io.stackdrift.model.StackId;

/**
 * The work directories of runs (plan files and plan JSON, which can hold sensitive values) under one parent, each
 * named by its owner process ({@code <pid>-<start>-<random>}). A run deletes its own at the end; one killed with
 * {@code kill -9} cannot, so every run first sweeps the directories whose owner process is gone.
 */
public final class RunWorkDirectories {
    private static final Pattern NAME = Pattern.compile("(\\d{1,18})-(-1|\\d{1,18})-[0-9a-f]{8}");

    private RunWorkDirectories() {
    }

    /** One generator for every directory name: unguessable names, seeded once. */
    private static final SecureRandom NAMES = new SecureRandom();

    /**
     * The folder of one stack inside a run's work directory: its id made safe for a file name, with a hash so that
     * ids that differ only in the characters replaced stay apart. The engine's steps and a host's kept tool output
     * both find a stack's files here.
     */
    public static Path stackDir(final Path workDir, final StackId stack) {
        String value = stack.value();
        return workDir.resolve(value.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + Integer.toHexString(value.hashCode()));
    }

    /** A new, private work directory of this process under {@code parent}. */
    public static Path create(final Path parent) throws IOException {
        Directories.ensure(parent);
        ProcessOwner self = ProcessOwner.current();
        for (int attempt = 0; ; attempt++) {
            String name = self.pid() + "-" + self.started() + "-" + String.format("%08x", NAMES.nextInt());
            Path dir = parent.resolve(name);
            try {
                if (parent.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    return Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                }
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) {
                    throw e;
                }
            }
        }
    }

    /** Deletes the work directories under {@code parent} whose owner process is gone; returns how many. */
    public static int sweepDead(final Path parent) {
        int swept = 0;
        if (!Files.isDirectory(parent)) {
            return 0;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent)) {
            for (Path dir : dirs) {
                Optional<ProcessOwner> owner = ownerOf(dir.getFileName().toString());
                if (owner.isPresent() && !owner.get().isAlive() && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                    Directories.delete(dir);
                    swept++;
                }
            }
        } catch (IOException e) {
            // what is left is swept by the next run
        }
        return swept;
    }

    private static Optional<ProcessOwner> ownerOf(final String name) {
        Matcher m = NAME.matcher(name);
        return m.matches() ? Optional.of(new ProcessOwner(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) : Optional.empty();
    }
}
