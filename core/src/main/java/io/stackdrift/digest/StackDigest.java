package io.stackdrift.digest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import io.stackdrift.config.IgnoreRule;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.StackId;

/**
 * A stack's digest (docs/digest.md): SHA-256 over its files and the local modules it references, its resolved
 * settings, and the tool version. Stable across checkouts: files are taken in label order, text files
 * have CRLF turned into LF (a Windows checkout digests like a Linux one), and each entry is framed by
 * its label and length so that moving bytes between files changes the digest. Files are streamed, never
 * read whole.
 */
public final class StackDigest {
    private StackDigest() {
    }

    /**
     * @param repoRoot    the repository root the stack dirs are relative to
     * @param stack       the stack
     * @param allStacks   every stack of the configuration (stacks nested in this one's directory are left out of it)
     * @param toolVersion the version the tool reports ({@code tofu version}, {@code pulumi version})
     * @param lister      which files of a directory belong to its code (git's list), {@link FileLister#WALK} for the disk
     * @return 64 lowercase hex digits
     */
    public static String compute(final Path repoRoot, final StackConfig stack, final List<StackConfig> allStacks,
            final String toolVersion, final FileLister lister) throws IOException, InterruptedException {
        Path dir = stack.directory(repoRoot);
        Set<Path> nested = new HashSet<>();
        for (StackConfig other : allStacks) {
            Path otherDir = other.directory(repoRoot).toAbsolutePath().normalize();
            if (!otherDir.equals(dir.toAbsolutePath().normalize()) && otherDir.startsWith(dir.toAbsolutePath().normalize())) {
                nested.add(otherDir);
            }
        }
        MessageDigest sha = sha256();
        for (StackFiles.Entry entry : StackFiles.entries(repoRoot, dir, nested, lister)) {
            switch (entry.content()) {
                case MISSING -> {
                    frame(sha, "file", (entry.label() + "/<missing>").getBytes(StandardCharsets.UTF_8));
                    frame(sha, "content", new byte[0]);
                }
                case LINK_TARGET -> {
                    frame(sha, "file", entry.label().getBytes(StandardCharsets.UTF_8));
                    String target = Files.readSymbolicLink(entry.path()).toString().replace('\\', '/');
                    frame(sha, "link", target.getBytes(StandardCharsets.UTF_8));
                }
                default -> {
                    frame(sha, "file", entry.label().getBytes(StandardCharsets.UTF_8));
                    frameFile(sha, entry.path());
                }
            }
        }
        frame(sha, "settings", canonicalSettings(stack).getBytes(StandardCharsets.UTF_8));
        frame(sha, "tool", (stack.tool().word() + " " + toolVersion).getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(sha.digest());
    }

    /** {@code onChangeOrDependency}: the stack's own digest with its dependencies' digests folded in (by id order). */
    public static String withDependencies(final String own, final Map<StackId, String> dependencyDigests) {
        MessageDigest sha = sha256();
        frame(sha, "own", own.getBytes(StandardCharsets.UTF_8));
        for (Map.Entry<StackId, String> entry : new TreeMap<>(dependencyDigests).entrySet()) {
            frame(sha, "dependency", (entry.getKey().value() + "=" + entry.getValue()).getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /**
     * The resolved settings as one canonical string: fixed key order, collections sorted, durations in
     * seconds. Credentials contribute variable names and credentials ids (never a secret value: the
     * digest never sees one).
     */
    static String canonicalSettings(final StackConfig s) {
        StringBuilder out = new StringBuilder();
        line(out, "id", s.id().value());
        line(out, "tool", s.tool().word());
        line(out, "dir", s.dir());
        line(out, "name", s.name());
        line(out, "dependsOn", s.autoDepends() ? "auto"
                : s.dependsOn().stream().map(StackId::value).sorted().collect(Collectors.joining(",")));
        line(out, "drift.enabled", Boolean.toString(s.drift().enabled()));
        line(out, "drift.mode", s.drift().mode().word());
        line(out, "drift.every", Long.toString(s.drift().every().toSeconds()));
        for (IgnoreRule rule : s.drift().ignore()) {
            line(out, "drift.ignore", rule.paths().stream().sorted().collect(Collectors.joining(",")));
        }
        line(out, "reapply", Long.toString(s.reapply().toSeconds()));
        line(out, "policy", s.policy().word());
        new TreeMap<>(s.credentials()).forEach((variable, id) -> line(out, "credentials." + variable, id));
        s.outputs().ifPresent(o -> line(out, "outputs", o.file() + (o.sensitive() ? " sensitive" : "")));
        return out.toString();
    }

    private static void line(final StringBuilder out, final String key, final String value) {
        out.append(key).append('=').append(value.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
    }

    /**
     * Frames one file's content as {@link #frame} would frame its normalized bytes, without holding the file:
     * the frame starts with the normalized length, so a first pass counts it and a second feeds the bytes
     * (same digest as before streaming, so recorded digests stay valid). A file that changes between the
     * passes fails the digest rather than record a wrong one.
     */
    static void frameFile(final MessageDigest sha, final Path file) throws IOException {
        long length;
        try (InputStream in = Files.newInputStream(file)) {
            length = normalize(in, BUFFER, null);
        }
        sha.update("content".getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(ByteBuffer.allocate(8).putLong(length).array());
        long fed;
        try (InputStream in = Files.newInputStream(file)) {
            fed = normalize(in, BUFFER, sha);
        }
        if (fed != length) {
            throw new IOException(file + " changed while its digest was computed; run again");
        }
    }

    static final int BUFFER = 8192;
    private static final int BINARY_PROBE = 8192;

    /**
     * Streams {@code in} through the CRLF → LF normalisation into {@code sink} (when not null), reading
     * {@code bufferSize} bytes at a time; a CR that ends one buffer waits for the first byte of the next.
     * Content with a NUL byte in its first 8 KiB is binary and passes unchanged.
     *
     * @return the length of the normalized content
     */
    static long normalize(final InputStream in, final int bufferSize, final MessageDigest sink) throws IOException {
        byte[] probe = in.readNBytes(BINARY_PROBE);
        boolean binary = false;
        for (byte b : probe) {
            if (b == 0) {
                binary = true;
                break;
            }
        }
        long length = 0;
        boolean pendingCr = false;
        byte[] buffer = new byte[bufferSize];
        byte[] out = new byte[bufferSize + 1];
        int probeUsed = 0;
        while (true) {
            int n;
            if (probeUsed < probe.length) {
                n = Math.min(bufferSize, probe.length - probeUsed);
                System.arraycopy(probe, probeUsed, buffer, 0, n);
                probeUsed += n;
            } else {
                n = in.readNBytes(buffer, 0, bufferSize);
            }
            if (n == 0) {
                break;
            }
            int o = 0;
            for (int i = 0; i < n; i++) {
                byte b = buffer[i];
                if (binary) {
                    out[o++] = b;
                    continue;
                }
                if (pendingCr) {
                    pendingCr = false;
                    if (b != '\n') {
                        out[o++] = '\r';
                    }
                }
                if (b == '\r') {
                    pendingCr = true;
                } else {
                    out[o++] = b;
                }
            }
            length += o;
            if (sink != null) {
                sink.update(out, 0, o);
            }
        }
        if (pendingCr) {
            length++;
            if (sink != null) {
                sink.update((byte) '\r');
            }
        }
        return length;
    }

    /**
     * CRLF → LF for text; a file with a NUL byte in its first 8 KiB is binary and left as it is. The
     * in-memory form of {@link #normalize}, which the tests hold the streaming form to.
     */
    static byte[] normalized(final byte[] content) {
        int probe = Math.min(content.length, 8192);
        for (int i = 0; i < probe; i++) {
            if (content[i] == 0) {
                return content;
            }
        }
        ByteBuffer out = ByteBuffer.allocate(content.length);
        for (int i = 0; i < content.length; i++) {
            if (content[i] == '\r' && i + 1 < content.length && content[i + 1] == '\n') {
                continue;
            }
            out.put(content[i]);
        }
        byte[] result = new byte[out.position()];
        out.flip().get(result);
        return result;
    }

    private static void frame(final MessageDigest sha, final String tag, final byte[] bytes) {
        sha.update(tag.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(ByteBuffer.allocate(8).putLong(bytes.length).array());
        sha.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
