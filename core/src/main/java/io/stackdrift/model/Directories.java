package io.stackdrift.model;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * Directories made sure of and deleted, one way for the whole project. Making sure goes through {@link #ensure}:
 * {@link Files#createDirectories} on a directory that is already there first tries {@code mkdir} and builds, throws
 * and catches a {@code FileAlreadyExistsException} with its stack trace; on the path every tool call takes (its
 * stdout's folder, the process log, the kept tool output) that was about 5 % of a 1,000-stack check's CPU
 * (docs/benchmarks.md). A look first costs one {@code stat}.
 *
 * <p>Deleting goes relative to open directories ({@link SecureDirectoryStream}: each directory is opened without
 * following a link, and its entries are looked at and removed through that handle), so a directory swapped for a link
 * in the middle of a deletion stops it there instead of sending it through the link; and it never touches an entry
 * this user does not own. A path walk would resolve every name afresh: whoever may write to a directory on the way
 * (another account in the shared temporary directory) could point it anywhere the deleting account may write.
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

    /** Deletes a directory tree this process made, never following links out of it; see {@link #deleteExcept}. */
    public static void delete(final Path dir) {
        deleteExcept(dir, file -> false);
    }

    /**
     * Deletes every file of a directory tree this process made that {@code keep} does not name, and the directories
     * left empty; never follows links out of it, never touches what this user does not own. What cannot be read or
     * deleted is left (the next run's sweep tries again) and the rest still goes: one file in the way must not keep
     * every plan file of a run on disk. Where the platform has no {@link SecureDirectoryStream} (Windows) the tree is
     * walked by path, as nobody else writes in a directory this process made.
     */
    public static void deleteExcept(final Path dir, final Predicate<Path> keep) {
        Optional<Boolean> done = inParent(dir, (in, name) -> ThisUser.get().or(() -> ownerOf(in, name))
                .map(user -> new Deletion(user, keep).delete(in, name, dir)).orElse(false));
        if (done.isEmpty()) {
            walkAndDelete(dir, keep);
        }
    }

    /**
     * Deletes a directory this process did not make but found (one a dead process left in a shared place, such as the
     * temporary directory): only when it and everything in it belong to this user, and only relative to open
     * directories; a link in its place is left as it is; where the platform cannot do that, or this user cannot be told,
     * nothing is deleted. Returns whether it is gone.
     */
    public static boolean sweep(final Path dir) {
        Optional<UserPrincipal> user = ThisUser.get();
        return user.isPresent() && inParent(dir, (in, name) -> isDirectory(in, name)
                && new Deletion(user.get(), file -> false).delete(in, name, dir)).orElse(false);
    }

    /**
     * {@code body} given the open directory that holds {@code path} and the name of {@code path} in it; false when that
     * directory cannot be opened (nothing to delete there), empty when the platform cannot work relative to it.
     */
    private static Optional<Boolean> inParent(final Path path, final BiFunction<SecureDirectoryStream<Path>, Path, Boolean> body) {
        Path parent = path.toAbsolutePath().getParent();
        Path name = path.getFileName();
        if (parent == null || name == null) {
            return Optional.empty();
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(parent)) {
            return stream instanceof SecureDirectoryStream<Path> secure ? Optional.of(body.apply(secure, name)) : Optional.empty();
        } catch (IOException e) {
            // not there or unreadable: nothing to delete through it
            return Optional.of(false);
        }
    }

    /** A directory, not a link to one: a link found is left as it is. */
    private static boolean isDirectory(final SecureDirectoryStream<Path> in, final Path name) {
        try {
            return in.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes().isDirectory();
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static Optional<UserPrincipal> ownerOf(final SecureDirectoryStream<Path> in, final Path name) {
        try {
            return Optional.of(in.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .readAttributes().owner());
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /** One deletion: what belongs to {@code owner} and {@code keep} does not name, each entry through its open directory. */
    private static final class Deletion {
        private final UserPrincipal owner;
        private final Predicate<Path> keep;

        Deletion(final UserPrincipal owner, final Predicate<Path> keep) {
            this.owner = owner;
            this.keep = keep;
        }

        /** Deletes {@code name} of {@code in} ({@code shown} is its path, for {@code keep}); returns whether it is gone. */
        boolean delete(final SecureDirectoryStream<Path> in, final Path name, final Path shown) {
            PosixFileAttributes seen;
            try {
                seen = in.getFileAttributeView(name, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes();
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
            if (!owner.equals(seen.owner())) {
                return false;
            }
            if (!seen.isDirectory()) {
                // a link is removed as a name of this directory; what it points to is never looked at
                return !keep.test(shown) && deleteFile(in, name);
            }
            boolean emptied = true;
            // opened without following a link: one swapped in since the look above fails to open here
            try (SecureDirectoryStream<Path> dir = in.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS)) {
                PosixFileAttributes opened = dir.getFileAttributeView(PosixFileAttributeView.class).readAttributes();
                if (!owner.equals(opened.owner()) || !Objects.equals(opened.fileKey(), seen.fileKey())) {
                    return false;
                }
                for (Path child : names(dir)) {
                    emptied &= delete(dir, child, shown.resolve(child));
                }
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
            return emptied && deleteDirectory(in, name);
        }

        /** The entries' names first, then the deletions: removing entries while reading a directory may skip some. */
        private static List<Path> names(final SecureDirectoryStream<Path> dir) {
            List<Path> names = new ArrayList<>();
            for (Path entry : dir) {
                names.add(entry.getFileName());
            }
            return names;
        }

        private static boolean deleteFile(final SecureDirectoryStream<Path> in, final Path name) {
            try {
                in.deleteFile(name);
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        private static boolean deleteDirectory(final SecureDirectoryStream<Path> in, final Path name) {
            try {
                in.deleteDirectory(name);
                return true;
            } catch (IOException e) {
                return false;
            }
        }
    }

    /** The path walk for platforms without {@link SecureDirectoryStream}. */
    private static void walkAndDelete(final Path dir, final Predicate<Path> keep) {
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
