package io.stackdrift.local;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.model.RegularFiles;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.record.ProcessOwner;
import io.stackdrift.spi.ShardExchange;

/**
 * {@link ShardExchange} for the command line: a directory every shard of one run shares ({@code <record>/shards/<run>/},
 * on one machine or a shared file system). The partition is {@code partition.properties} (with the digest of the
 * configuration it was fixed from), created once (a hard link of a written file, which fails when another shard made it
 * first); each shard that took part is one file under {@code joined/} (its process: machine, pid and start time),
 * created the same way, so a shard takes part once; each stack's outcome is one file under {@code posts/} and each
 * ended shard one under {@code ended/}, every file written whole beside its place and renamed into it, so a reader
 * never sees half a file. Only stack ids, outcome words, digests and the shards' processes are written. A file of
 * another name is not ours and is passed over; one of our names that is not what we write is a damaged board.
 */
public final class FileShardExchange implements ShardExchange {
    private static final String PARTITION = "partition.properties";
    private static final String STACK_KEY = "stack.";
    private static final String CONFIG_KEY = "config";
    private static final String FIXED_BY_KEY = "fixedBy";
    /** A post, an end or a member is a few short lines; more is not ours. */
    private static final int MOST_BYTES = 64 * 1024;
    private static final Pattern POST_NAME = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern NUMBER_NAME = Pattern.compile("[1-9][0-9]{0,8}");
    private final Path dir;
    private final Duration waitTimeout;
    private final Duration pollInterval;
    /** The process a joining shard names as its own: this one, but for tests. */
    private final ProcessOwner self;

    public FileShardExchange(final Path dir, final Duration waitTimeout, final Duration pollInterval) {
        this(dir, waitTimeout, pollInterval, ProcessOwner.current());
    }

    FileShardExchange(final Path dir, final Duration waitTimeout, final Duration pollInterval, final ProcessOwner self) {
        this.dir = dir;
        this.waitTimeout = waitTimeout;
        this.pollInterval = pollInterval;
        this.self = self;
    }

    @Override
    public Agreement agree(final Proposal proposal) {
        List<List<StackId>> proposed = proposal.shards();
        Path target = dir.resolve(PARTITION);
        try {
            Directories.ensure(dir);
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                Properties p = new Properties();
                p.setProperty(CONFIG_KEY, proposal.configDigest());
                p.setProperty(FIXED_BY_KEY, String.valueOf(proposal.number()));
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
            Properties p = readOurs(target);
            int count = Integer.parseInt(p.getProperty("count", "0").strip());
            int fixedBy = Integer.parseInt(p.getProperty(FIXED_BY_KEY, "0").strip());
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
            return new Agreement(shards, p.getProperty(CONFIG_KEY, "").strip(), fixedBy, over(count));
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

    /** When every one of the run's {@code count} shards has ended: the words that say so. */
    private Optional<String> over(final int count) throws IOException {
        Set<Integer> ended = numbers(dir.resolve("ended")).keySet();
        for (int i = 1; i <= count; i++) {
            if (!ended.contains(i)) {
                return Optional.empty();
            }
        }
        Optional<FileTime> last = Optional.empty();
        for (Path file : numbers(dir.resolve("ended")).values()) {
            FileTime time = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS);
            last = last.filter(t -> t.compareTo(time) >= 0).or(() -> Optional.of(time));
        }
        return Optional.of((count == 1 ? "its shard ended" : "all " + count + " of its shards ended")
                + last.map(t -> ", the last at " + DateTimeFormatter.ISO_INSTANT.format(t.toInstant().truncatedTo(ChronoUnit.SECONDS)))
                        .orElse(""));
    }

    @Override
    public Optional<String> join(final int number) {
        Path joined = dir.resolve("joined");
        Path target = joined.resolve(String.valueOf(number));
        Properties p = new Properties();
        p.setProperty("owner", self.text());
        p.setProperty("machine", Machine.id());
        p.setProperty("host", Machine.host());
        p.setProperty("joined", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        try {
            Directories.ensure(joined);
            Path temp = written(joined, String.valueOf(number), p);
            try {
                // a link fails when the name exists: a shard takes part once
                Files.createLink(target, temp);
                return Optional.empty();
            } catch (FileAlreadyExistsException e) {
                return Optional.of(tookPart(number, target));
            } catch (UnsupportedOperationException e) {
                try {
                    Files.move(temp, target);
                    return Optional.empty();
                } catch (FileAlreadyExistsException again) {
                    return Optional.of(tookPart(number, target));
                }
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot say in " + target + " that shard " + number + " takes part in this run: "
                    + IoProblem.of(e), e);
        }
    }

    /** "shard 2 took part in this run before (pid 4242 on host ci-7, from 2026-12-07T05:12:00Z)". */
    private static String tookPart(final int number, final Path member) {
        String who = "";
        try {
            Properties p = readOurs(member);
            Optional<ProcessOwner> owner = ProcessOwner.parse(p.getProperty("owner"));
            String host = p.getProperty("host", "");
            String since = p.getProperty("joined", "");
            who = owner.map(o -> "pid " + o.pid() + (host.isEmpty() ? "" : " on host " + host)).orElse("")
                    + (since.isEmpty() ? "" : ", from " + since);
        } catch (IOException e) {
            // who it was is a courtesy: that it took part is what counts
        }
        return "shard " + number + " took part in this run before" + (who.isEmpty() ? "" : " (" + who.replaceFirst("^, ", "") + ")");
    }

    /**
     * Read in the reverse of the order a shard writes (posts, then its end; a member before all of them), so that a
     * post is never missed for an end seen, nor an end for a death seen: first who is gone, then the ends, then the
     * posts.
     */
    @Override
    public Snapshot read() {
        Map<StackId, Post> posts = new TreeMap<>();
        Map<Integer, String> gone = new TreeMap<>();
        Set<Integer> ended;
        try {
            for (Map.Entry<Integer, Path> member : numbers(dir.resolve("joined")).entrySet()) {
                gone(member.getValue()).ifPresent(words -> gone.put(member.getKey(), words));
            }
            ended = numbers(dir.resolve("ended")).keySet();
            for (Path file : list(dir.resolve("posts"))) {
                String name = String.valueOf(file.getFileName());
                if (!POST_NAME.matcher(name).matches()) {
                    continue; // not a name this class writes: not ours, passed over
                }
                Properties p = readOurs(file);
                String stack = p.getProperty("stack", "");
                try {
                    StackId id = StackId.of(stack);
                    if (!fileName(id).equals(name)) {
                        throw new IOException(file + " names another stack than its file name says: it is not a post Stack Drift wrote");
                    }
                    posts.put(id, new Post(id, ShardOutcome.valueOf(p.getProperty("outcome", "")), p.getProperty("digest", "")));
                } catch (IllegalArgumentException e) {
                    throw new IOException(file + " holds no outcome Stack Drift knows", e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the shards' board in " + dir + ": " + IoProblem.of(e)
                    + " (remove what Stack Drift did not write there)", e);
        }
        return new Snapshot(List.copyOf(posts.values()), ended, gone);
    }

    /**
     * The words that a member's process is gone: it ran on this machine (the same boot and pid namespace, so its pid
     * means the same process here) and is no longer alive, or another process has its pid now. Empty while it lives, and
     * for a process of another machine, which cannot be seen from here.
     */
    private static Optional<String> gone(final Path member) {
        Properties p;
        try {
            p = readOurs(member);
        } catch (IOException e) {
            return Optional.empty(); // being written, or not ours: nothing to judge by
        }
        Optional<ProcessOwner> owner = ProcessOwner.parse(p.getProperty("owner"));
        String machine = p.getProperty("machine", "");
        if (owner.isEmpty() || machine.isEmpty() || !machine.equals(Machine.id()) || owner.get().isAlive()) {
            return Optional.empty();
        }
        return Optional.of("its process, pid " + owner.get().pid() + " on this machine, ended without ending the shard");
    }

    /** The files of {@code directory} named by a shard number, by number; any other name is not ours. */
    private static Map<Integer, Path> numbers(final Path directory) throws IOException {
        Map<Integer, Path> numbers = new TreeMap<>();
        for (Path file : list(directory)) {
            String name = String.valueOf(file.getFileName());
            if (NUMBER_NAME.matcher(name).matches() && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                numbers.put(Integer.parseInt(name), file);
            }
        }
        return numbers;
    }

    /** A file of ours: a small regular file of properties; anything else is a damaged board. */
    private static Properties readOurs(final Path file) throws IOException {
        String text;
        try {
            text = RegularFiles.readSmall(file, MOST_BYTES, StandardCharsets.UTF_8)
                    .orElseThrow(() -> new NoSuchFileException(file.toString()));
        } catch (RegularFiles.NotRegularFileException e) {
            throw new IOException(file + " " + e.what() + ": it is not a file Stack Drift wrote", e);
        }
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " is not a file Stack Drift wrote (it is not a list of properties)", e);
        }
        return p;
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
    public String waitTimeoutSetting() {
        return "--shard-wait";
    }

    @Override
    public Duration pollInterval() {
        return pollInterval;
    }

    /** {@code p} in a new hidden file in {@code directory}, named after the file it will become. */
    private static Path written(final Path directory, final String name, final Properties p) throws IOException {
        StringWriter text = new StringWriter();
        p.store(text, null);
        Path temp = Files.createTempFile(directory, "." + name, ".tmp");
        try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            out.write(text.toString());
        }
        return temp;
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
