package io.stackdrift.local;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.spi.ShardExchange;

/**
 * {@link ShardExchange} for the command line: a directory every shard of one run shares ({@code <record>/shards/<run>/},
 * on one machine or a shared file system). The partition is {@code partition.properties}, created once (a hard link of
 * a written file, which fails when another shard made it first); each stack's outcome is one file under {@code posts/}
 * and each ended shard one under {@code ended/}, every file written whole beside its place and renamed into it, so a
 * reader never sees half a file. Only stack ids, outcome words and digests are written.
 */
public final class FileShardExchange implements ShardExchange {
    private static final String PARTITION = "partition.properties";
    private static final String STACK_KEY = "stack.";
    private final Path dir;
    private final Duration waitTimeout;
    private final Duration pollInterval;

    public FileShardExchange(final Path dir, final Duration waitTimeout, final Duration pollInterval) {
        this.dir = dir;
        this.waitTimeout = waitTimeout;
        this.pollInterval = pollInterval;
    }

    @Override
    public List<List<StackId>> agree(final List<List<StackId>> proposed) {
        Path target = dir.resolve(PARTITION);
        try {
            Directories.ensure(dir);
            if (!Files.exists(target)) {
                Properties p = new Properties();
                p.setProperty("count", String.valueOf(proposed.size()));
                for (int i = 0; i < proposed.size(); i++) {
                    for (StackId id : proposed.get(i)) {
                        p.setProperty(STACK_KEY + id.value(), String.valueOf(i + 1));
                    }
                }
                Path temp = written(dir, PARTITION, p);
                try {
                    // a link fails when the name exists: the first shard's partition stands
                    Files.createLink(target, temp);
                } catch (FileAlreadyExistsException e) {
                    // another shard fixed it first
                } catch (UnsupportedOperationException e) {
                    try {
                        Files.move(temp, target);
                    } catch (FileAlreadyExistsException again) {
                        // another shard fixed it first
                    }
                } finally {
                    Files.deleteIfExists(temp);
                }
            }
            Properties p = load(target);
            int count = Integer.parseInt(p.getProperty("count", "0").strip());
            List<List<StackId>> shards = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                shards.add(new ArrayList<>());
            }
            for (String key : new TreeSet<>(p.stringPropertyNames())) {
                if (key.startsWith(STACK_KEY)) {
                    int number = Integer.parseInt(p.getProperty(key).strip());
                    if (number < 1 || number > count) {
                        throw new IOException(target + " puts " + key.substring(STACK_KEY.length()) + " in shard " + number
                                + " of " + count);
                    }
                    shards.get(number - 1).add(StackId.of(key.substring(STACK_KEY.length())));
                }
            }
            return shards;
        } catch (IOException | NumberFormatException e) {
            throw new UncheckedIOException("cannot fix the shards of this run in " + target + ": " + problem(e),
                    e instanceof IOException io ? io : new IOException(e.getMessage(), e));
        }
    }

    @Override
    public void post(final Post post) {
        Path posts = dir.resolve("posts");
        String name = fileName(post.stack());
        Path target = posts.resolve(name);
        Properties p = new Properties();
        p.setProperty("stack", post.stack().value());
        p.setProperty("outcome", post.outcome().name());
        p.setProperty("digest", post.digest());
        try {
            Directories.ensure(posts);
            Path temp = written(posts, name, p);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot post " + post.stack() + "'s outcome in " + target + ": " + IoProblem.of(e), e);
        }
    }

    @Override
    public Snapshot read() {
        Map<StackId, Post> posts = new TreeMap<>();
        Set<Integer> ended = new TreeSet<>();
        try {
            for (Path file : list(dir.resolve("posts"))) {
                if (isTemporary(file)) {
                    continue;
                }
                Properties p = load(file);
                String stack = p.getProperty("stack", "");
                String outcome = p.getProperty("outcome", "");
                if (!stack.isBlank()) {
                    try {
                        StackId id = StackId.of(stack);
                        posts.put(id, new Post(id, ShardOutcome.valueOf(outcome), p.getProperty("digest", "")));
                    } catch (IllegalArgumentException e) {
                        throw new IOException(file + " holds no outcome Stack Drift knows", e);
                    }
                }
            }
            for (Path file : list(dir.resolve("ended"))) {
                String name = String.valueOf(file.getFileName());
                if (name.chars().allMatch(Character::isDigit) && !name.isEmpty()) {
                    ended.add(Integer.parseInt(name));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shards' board in " + dir + ": " + IoProblem.of(e), e);
        }
        return new Snapshot(List.copyOf(posts.values()), ended);
    }

    @Override
    public void ended(final int number) {
        Path endedDir = dir.resolve("ended");
        Path target = endedDir.resolve(String.valueOf(number));
        try {
            Directories.ensure(endedDir);
            Path temp = written(endedDir, String.valueOf(number), new Properties());
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot say in " + target + " that shard " + number + " ended: " + IoProblem.of(e), e);
        }
    }

    @Override
    public Duration waitTimeout() {
        return waitTimeout;
    }

    @Override
    public Duration pollInterval() {
        return pollInterval;
    }

    /** {@code p} in a new hidden file in {@code directory}, named after the file it will become. */
    private static Path written(final Path directory, final String name, final Properties p) throws IOException {
        StringWriter text = new StringWriter();
        p.store(text, null);
        // created as every file of the record is, so its mode follows the umask: a temporary file of the JDK's is 0600
        // whatever the umask, and a shard of a second account sharing the record could not read it
        Path temp = directory.resolve("." + name + "." + UUID.randomUUID() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(text.toString());
        }
        return temp;
    }

    private static Properties load(final Path file) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    private static List<Path> list(final Path directory) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(directory)) {
            stream.forEach(files::add);
        } catch (NoSuchFileException e) {
            return List.of();
        }
        files.sort(null);
        return files;
    }

    private static boolean isTemporary(final Path file) {
        return String.valueOf(file.getFileName()).startsWith(".");
    }

    /** A file name for any stack id: the SHA-256 of the id (ids hold '/', ':' and anything a directory name may). */
    private static String fileName(final StackId id) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(id.value().getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }

    private static String problem(final Exception e) {
        return e instanceof IOException io ? IoProblem.of(io) : String.valueOf(e.getMessage());
    }
}
