package io.stackdrift.config;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether git tracks a path, read from the work tree's index ({@code .git/index}, versions 2 to 4, SHA-1), for one
 * check of {@code validate}, which reads files only and runs no process: an outputs file git tracks. It answers only
 * where it is sure: a SHA-256 repository, an index with a required extension git itself must resolve (a split index's
 * {@code link}, a sparse index's {@code sdir}) or a name that is not a clean relative path give no index at all, and the
 * check is skipped. The digest does not use it: it asks git ({@code digest.StackFiles}, {@code tool.GitFiles}).
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
                    if (!Files.isRegularFile(index) || Files.size(index) > MAX_BYTES || sha256(gitDir.get())) {
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

    /** A repository of SHA-256 objects ({@code extensions.objectformat = sha256}): its index entries are not SHA-1 sized. */
    static boolean sha256(final Path gitDir) throws IOException {
        Path config = gitDir.resolve("config");
        Path common = gitDir.resolve("commondir");
        if (!Files.isRegularFile(config) && Files.isRegularFile(common) && Files.size(common) < 4096) {
            config = gitDir.resolve(Files.readString(common, StandardCharsets.UTF_8).strip()).resolve("config");
        }
        if (!Files.isRegularFile(config) || Files.size(config) > 1 << 20) {
            return true; // cannot tell: not sure of the format
        }
        return Files.readString(config, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT).replaceAll("\\s", "")
                .contains("objectformat=sha256");
    }

    /** A worktree's or submodule's {@code .git} file: {@code gitdir: PATH}. */
    private static Optional<Path> linked(final Path gitFile, final Path at) throws IOException {
        if (!Files.isRegularFile(gitFile) || Files.size(gitFile) > 4096) {
            return Optional.empty();
        }
        String text = Files.readString(gitFile, StandardCharsets.UTF_8).strip();
        return text.startsWith("gitdir:") ? Optional.of(at.resolve(text.substring(7).strip()).normalize()) : Optional.empty();
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
            String path = new String(name, StandardCharsets.UTF_8);
            if (!clean(path)) {
                return Optional.empty();
            }
            paths.add(path);
        }
        // extensions up to the trailing hash: one whose signature starts lower case must be understood (split index
        // "link", sparse "sdir"): without git's knowledge of it the entries read are not the index
        while (in.remaining() >= 20 + 8) {
            byte first = in.get(in.position());
            in.getInt();
            long size = Integer.toUnsignedLong(in.getInt());
            if (first >= 'a' && first <= 'z') {
                return Optional.empty();
            }
            if (size > in.remaining()) {
                return Optional.empty();
            }
            in.position(in.position() + (int) size);
        }
        return Optional.of(paths);
    }

    /** A relative path of git's: no empty, {@code .} or {@code ..} part, no leading slash, no control character. */
    private static boolean clean(final String path) {
        if (path.isEmpty() || path.startsWith("/") || path.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            return false;
        }
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                return false;
            }
        }
        return true;
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
