package io.stackdrift.digest;

import java.io.IOException;
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
 * A stack's digest (spec §7): SHA-256 over its files and the local modules it references, its resolved
 * settings, and the tool version. Stable across checkouts: files are taken in label order, text files
 * have CRLF turned into LF (a Windows checkout digests like a Linux one), and each entry is framed by
 * its label and length so that moving bytes between files changes the digest.
 */
public final class StackDigest {
    private StackDigest() {
    }

    /**
     * @param repoRoot    the repository root the stack dirs are relative to
     * @param stack       the stack
     * @param allStacks   every stack of the configuration (stacks nested in this one's directory are left out of it)
     * @param toolVersion the version the tool reports ({@code tofu version}, {@code pulumi version})
     * @return 64 lowercase hex digits
     */
    public static String compute(final Path repoRoot, final StackConfig stack, final List<StackConfig> allStacks,
            final String toolVersion) throws IOException {
        Path dir = stack.directory(repoRoot);
        Set<Path> nested = new HashSet<>();
        for (StackConfig other : allStacks) {
            Path otherDir = other.directory(repoRoot).toAbsolutePath().normalize();
            if (!otherDir.equals(dir.toAbsolutePath().normalize()) && otherDir.startsWith(dir.toAbsolutePath().normalize())) {
                nested.add(otherDir);
            }
        }
        MessageDigest sha = sha256();
        for (Map.Entry<String, Path> entry : StackFiles.collect(repoRoot, dir, nested).entrySet()) {
            byte[] content = entry.getKey().endsWith("/<missing>") ? new byte[0] : normalized(Files.readAllBytes(entry.getValue()));
            frame(sha, "file", entry.getKey().getBytes(StandardCharsets.UTF_8));
            frame(sha, "content", content);
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
        line(out, "drift.every", Long.toString(s.drift().every().getSeconds()));
        for (IgnoreRule rule : s.drift().ignore()) {
            line(out, "drift.ignore", rule.paths().stream().sorted().collect(Collectors.joining(",")));
        }
        line(out, "reapply", Long.toString(s.reapply().getSeconds()));
        line(out, "policy", s.policy().word());
        new TreeMap<>(s.credentials()).forEach((variable, id) -> line(out, "credentials." + variable, id));
        s.outputs().ifPresent(o -> line(out, "outputs", o.file() + (o.sensitive() ? " sensitive" : "")));
        return out.toString();
    }

    private static void line(final StringBuilder out, final String key, final String value) {
        out.append(key).append('=').append(value.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
    }

    /** CRLF → LF for text; a file with a NUL byte in its first 8 KiB is binary and left as it is. */
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
