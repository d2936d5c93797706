package io.stackdrift.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The paths git tracks in a work tree, read from its index ({@code .git/index}, versions 2 to 4, SHA-1), without
 * running git: validate reads files only, and a run starts no process but the tools (in Jenkins those go through the
 * build's launcher). Empty when there is no git work tree or the index cannot be read.
 */
public final class GitIndex {
    /** An index larger than this is not read (the check it serves is then skipped). */
    static final long MAX_BYTES = 256L << 20;
    private static final int SHA1_ENTRY = 62;

    private final Path workTree;
    private final Set<String> paths;

    private GitIndex(final Path workTree, final Set<String> paths) {
        this.workTree = workTree;
        this.paths = Set.copyOf(paths);
    }

    /** The index of the git work tree that holds {@code dir}, if there is one. */
    public static Optional<GitIndex> of(final Path dir) {
        try {
            for (Path at = dir.toRealPath(); at != null; at = at.getParent()) {
                Path git = at.resolve(".git");
                Optional<Path> gitDir = Files.isDirectory(git) ? Optional.of(git) : linked(git, at);
                if (gitDir.isPresent()) {
                    Path index = gitDir.get().resolve("index");
                    if (!Files.isRegularFile(index) || Files.size(index) > MAX_BYTES) {
                        return Optional.empty();
                    }
                    Path workTree = at;
                    return read(Files.readAllBytes(index)).map(p -> new GitIndex(workTree, p));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** A worktree's or submodule's {@code .git} file: {@code gitdir: PATH}. */
    private static Optional<Path> linked(final Path gitFile, final Path at) throws IOException {
        if (!Files.isRegularFile(gitFile) || Files.size(gitFile) > 4096) {
            return Optional.empty();
        }
        String text = Files.readString(gitFile, StandardCharsets.UTF_8).strip();
        return text.startsWith("gitdir:") ? Optional.of(at.resolve(text.substring(7).strip()).normalize()) : Optional.empty();
    }

    /**
     * The tracked files under {@code dir} (the directory {@link #of} was given or one inside it), as paths under
     * {@code dir} as the caller spelled it; empty when there are none.
     */
    public List<Path> filesUnder(final Path dir) throws IOException {
        Path real = dir.toRealPath();
        if (!real.startsWith(workTree)) {
            return List.of();
        }
        String prefix = workTree.equals(real) ? "" : workTree.relativize(real).toString().replace('\\', '/') + "/";
        List<Path> files = new ArrayList<>();
        for (String path : paths) {
            if (path.startsWith(prefix)) {
                files.add(dir.resolve(path.substring(prefix.length())).normalize());
            }
        }
        return files;
    }

    /** Whether git tracks the file at {@code real} (a real path). */
    boolean tracks(final Path real) {
        if (!real.startsWith(workTree)) {
            return false;
        }
        return paths.contains(workTree.relativize(real).toString().replace('\\', '/'));
    }

    static Optional<Set<String>> read(final byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        if (bytes.length < 12 || in.getInt() != 0x44495243) { // "DIRC"
            return Optional.empty();
        }
        int version = in.getInt();
        long count = Integer.toUnsignedLong(in.getInt());
        if (version < 2 || version > 4) {
            return Optional.empty();
        }
        Set<String> paths = new HashSet<>();
        byte[] previous = new byte[0];
        for (long i = 0; i < count; i++) {
            int start = in.position();
            in.position(start + SHA1_ENTRY - 2);
            int flags = Short.toUnsignedInt(in.getShort());
            if (version >= 3 && (flags & 0x4000) != 0) {
                in.getShort();
            }
            byte[] name;
            if (version == 4) {
                int strip = varint(in);
                byte[] suffix = untilNul(in);
                int keep = previous.length - strip;
                if (keep < 0) {
                    return Optional.empty();
                }
                name = new byte[keep + suffix.length];
                System.arraycopy(previous, 0, name, 0, keep);
                System.arraycopy(suffix, 0, name, keep, suffix.length);
            } else {
                name = untilNul(in);
                int length = in.position() - start;
                int padded = (length + 7) & ~7;
                in.position(start + padded);
            }
            previous = name;
            paths.add(new String(name, StandardCharsets.UTF_8));
        }
        return Optional.of(paths);
    }

    private static int varint(final ByteBuffer in) {
        int c = Byte.toUnsignedInt(in.get());
        int value = c & 127;
        while ((c & 128) != 0) {
            c = Byte.toUnsignedInt(in.get());
            value = ((value + 1) << 7) | (c & 127);
        }
        return value;
    }

    /** The bytes up to a NUL; the NUL is consumed. */
    private static byte[] untilNul(final ByteBuffer in) {
        int start = in.position();
        while (in.get() != 0) {
            // scan
        }
        byte[] name = new byte[in.position() - start - 1];
        in.get(start, name);
        return name;
    }
}
