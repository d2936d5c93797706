package io.stackdrift.record;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.stackdrift.model.Directories;
import io.stackdrift.model.RegularFiles;
import io.stackdrift.model.StackId;

/**
 * The work directories of runs (plan files and plan JSON, which can hold sensitive values) under one parent, each
 * named by its owner process ({@code <pid>-<start>-<random>}). A run deletes its own at the end; one killed with
 * {@code kill -9} cannot, so every run first sweeps the directories whose owner process is gone. The parent is used only
 * when it is the user's own and nobody else may write to it ({@link #create}).
 */
public final class RunWorkDirectories {
    private static final Pattern NAME = Pattern.compile("(\\d{1,18})-(-1|\\d{1,18})-[0-9a-f]{8}");
    /** The name of a private work directory beside the shared folder, after its prefix ({@link Files#createTempDirectory}). */
    private static final Pattern PRIVATE_NAME = Pattern.compile("(\\d{1,18})-(-1|\\d{1,18})-\\d{1,20}");
    private static final String SHARED_PREFIX = "stackdrift-work-";
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

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

    /**
     * A new, private work directory of this process: in {@code <tmp>/stackdrift-work-<user>} when that folder is a
     * directory of this user's own that nobody else may write to (made so when it is missing), else — another account
     * on a shared host could swap a run's directory there for its own and read plan JSON — in a private directory of
     * its own in {@code tmp}, with a warning that names the folder refused.
     *
     * @param tmp  the temporary directory ({@code java.io.tmpdir})
     * @param user the user's name, part of the shared folder's name
     */
    public static Path create(final Path tmp, final String user, final Consumer<String> warnings) throws IOException {
        Path shared = sharedParent(tmp, user);
        if (!shared.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            return createIn(Directories.ensure(shared));
        }
        try {
            Files.createDirectory(shared, PosixFilePermissions.asFileAttribute(PRIVATE));
        } catch (FileAlreadyExistsException e) {
            // there already: checked below, whoever made it
        }
        Optional<String> refused = refusal(shared);
        if (refused.isEmpty()) {
            Path dir = createIn(shared);
            UserPrincipal owner = Files.getOwner(shared, LinkOption.NOFOLLOW_LINKS);
            if (owner.equals(Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS))) {
                return dir;
            }
            Files.deleteIfExists(dir);
            refused = Optional.of("it belongs to " + owner.getName() + ", not to this user");
        }
        ProcessOwner self = ProcessOwner.current();
        Path own = Files.createTempDirectory(tmp, shared.getFileName() + "-" + self.pid() + "-" + self.started() + "-",
                PosixFilePermissions.asFileAttribute(PRIVATE));
        warnings.accept("the work folder " + shared + " is not used (" + refused.get() + "): another account could read this "
                + "run's plans there; this run works in " + own + " instead (remove " + shared + " to go back to it)");
        return own;
    }

    /** Why the shared folder must not hold a run's directory; empty when it is a directory nobody else may write. */
    private static Optional<String> refusal(final Path shared) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(shared, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!attributes.isDirectory()) {
            return Optional.of("it is " + RegularFiles.kind(attributes) + ", not a directory");
        }
        Set<PosixFilePermission> permissions = attributes.permissions();
        if (permissions.contains(PosixFilePermission.GROUP_WRITE) || permissions.contains(PosixFilePermission.OTHERS_WRITE)) {
            return Optional.of("others may write to it (" + PosixFilePermissions.toString(permissions) + ")");
        }
        return Optional.empty();
    }

    /** {@code <tmp>/stackdrift-work-<user>}, the user's name made safe for a file name. */
    static Path sharedParent(final Path tmp, final String user) {
        return tmp.resolve(SHARED_PREFIX + user.replaceAll("[^A-Za-z0-9._-]", "_"));
    }

    /** A new, private work directory of this process under {@code parent}. */
    static Path createIn(final Path parent) throws IOException {
        Directories.ensure(parent);
        ProcessOwner self = ProcessOwner.current();
        for (int attempt = 0; ; attempt++) {
            String name = self.pid() + "-" + self.started() + "-" + String.format("%08x", NAMES.nextInt());
            Path dir = parent.resolve(name);
            try {
                if (parent.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    return Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PRIVATE));
                }
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException e) {
                if (attempt > 10) {
                    throw e;
                }
            }
        }
    }

    /**
     * Deletes the work directories of runs whose owner process is gone: in the shared folder (when it is one nobody else
     * may write to) and the private ones {@link #create} made beside it; returns how many. Anyone may make a directory
     * of such a name in the temporary directory: only this user's are deleted, through open directories
     * ({@link Directories#sweep}).
     */
    public static int sweepDead(final Path tmp, final String user) {
        Path shared = sharedParent(tmp, user);
        int swept = 0;
        try {
            if (Files.isDirectory(shared, LinkOption.NOFOLLOW_LINKS) && (!shared.getFileSystem().supportedFileAttributeViews()
                    .contains("posix") || refusal(shared).isEmpty())) {
                swept += sweepDead(shared);
            }
        } catch (IOException e) {
            // what is left is swept by the next run
        }
        String prefix = shared.getFileName() + "-";
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, prefix + "*")) {
            for (Path dir : dirs) {
                Optional<ProcessOwner> owner = ownerOf(dir.getFileName().toString().substring(prefix.length()), PRIVATE_NAME);
                if (owner.isPresent() && !owner.get().isAlive() && Directories.sweep(dir)) {
                    swept++;
                }
            }
        } catch (IOException e) {
            // what is left is swept by the next run
        }
        return swept;
    }

    /** Deletes the work directories under {@code parent} whose owner process is gone; returns how many. */
    static int sweepDead(final Path parent) {
        int swept = 0;
        if (!Files.isDirectory(parent)) {
            return 0;
        }
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(parent)) {
            for (Path dir : dirs) {
                Optional<ProcessOwner> owner = ownerOf(dir.getFileName().toString(), NAME);
                if (owner.isPresent() && !owner.get().isAlive() && Directories.sweep(dir)) {
                    swept++;
                }
            }
        } catch (IOException e) {
            // what is left is swept by the next run
        }
        return swept;
    }

    private static Optional<ProcessOwner> ownerOf(final String name, final Pattern pattern) {
        Matcher m = pattern.matcher(name);
        return m.matches() ? Optional.of(new ProcessOwner(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)))) : Optional.empty();
    }
}
