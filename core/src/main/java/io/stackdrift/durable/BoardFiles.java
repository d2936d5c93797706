package io.stackdrift.durable;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.stackdrift.model.Directories;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.runner.StepDirectory;
import io.stackdrift.spi.ShardExchange;

/**
 * A shard's {@link ShardExchange} for an engine process: the build's board stays with the host (the controller), and
 * the two talk through small files in the step directory's {@code board/}, so neither waits for the other to be up.
 * The engine writes {@code proposal.json} (the configuration it read), one {@code posts/N.json} per stack it ended and
 * {@code ended.json}; the host's poll relays them to the board ({@link Outbox}) and writes back {@code agreement.json}
 * (the partition and the configuration that stands) and {@code snapshot.json} (the board as it is). Every file is
 * written whole and renamed into place. Only stack ids, outcome words, digests and shard numbers are written.
 */
public final class BoardFiles implements ShardExchange {
    static final String PROPOSAL = "proposal.json";
    static final String AGREEMENT = "agreement.json";
    static final String SNAPSHOT = "snapshot.json";
    static final String ENDED = "ended.json";
    static final String POSTS = "posts";
    /** How often the engine looks for the host's agreement while it waits for it. */
    private static final long AGREEMENT_POLL_MILLIS = 200;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path board;
    private final ShardJob job;
    private final Duration pollInterval;
    private final Map<StackId, Post> own = new LinkedHashMap<>();
    private int posted;

    /** @param pollInterval how often a waiting stack reads the snapshot again (a local file: cheap) */
    public BoardFiles(final StepDirectory dir, final ShardJob job, final Duration pollInterval) {
        this.board = dir.board();
        this.job = job;
        this.pollInterval = pollInterval;
    }

    /** What the engine left for its host since post {@code afterPost}. */
    public record Outbox(Optional<Proposal> proposal, List<Post> posts, int lastPost, boolean ended) {
        public Outbox {
            posts = List.copyOf(posts);
        }
    }

    @Override
    public Agreement agree(final Proposal proposal) {
        ObjectNode node = JSON.createObjectNode();
        node.put("number", proposal.number());
        node.put("configDigest", proposal.configDigest());
        write(PROPOSAL, node);
        long until = System.nanoTime() + job.waitLimit().toNanos();
        Path file = board.resolve(AGREEMENT);
        while (!Files.isRegularFile(file)) {
            if (System.nanoTime() - until > 0) {
                throw new UncheckedIOException(new IOException("the controller did not answer with the build's shards within "
                        + job.waitLimit().toMinutes() + " min (" + job.waitSetting() + ")"));
            }
            sleep(AGREEMENT_POLL_MILLIS, "wait for the build's shards");
        }
        JsonNode read = readJson(file).orElseThrow();
        List<List<StackId>> shards = new ArrayList<>();
        read.path("shards").forEach(shard -> {
            List<StackId> stacks = new ArrayList<>();
            shard.forEach(stack -> stacks.add(StackId.of(stack.asText())));
            shards.add(stacks);
        });
        return new Agreement(shards, read.path("configDigest").asText(""), read.path("fixedBy").asInt(0), Optional.empty());
    }

    /** A build's board is the build's own: a run id cannot be reused across builds. */
    @Override
    public Optional<String> join(final int number) {
        return Optional.empty();
    }

    @Override
    public synchronized void post(final Post post) {
        posted++;
        write(POSTS + "/" + posted + ".json", postNode(post));
        own.put(post.stack(), post);
    }

    /** The host's last snapshot, with this shard's own posts that it may not have relayed yet. */
    @Override
    public Snapshot read() {
        Map<StackId, Post> posts = new TreeMap<>();
        Set<Integer> ended = new TreeSet<>();
        Map<Integer, String> gone = new TreeMap<>();
        readJson(board.resolve(SNAPSHOT)).ifPresent(node -> {
            node.path("posts").forEach(post -> {
                Post read = post(post);
                posts.put(read.stack(), read);
            });
            node.path("ended").forEach(number -> ended.add(number.asInt()));
            node.path("gone").properties().forEach(entry -> gone.put(Integer.parseInt(entry.getKey()), entry.getValue().asText()));
        });
        synchronized (this) {
            posts.putAll(own);
        }
        return new Snapshot(new ArrayList<>(posts.values()), ended, gone);
    }

    @Override
    public void ended(final int number) {
        ObjectNode node = JSON.createObjectNode();
        node.put("number", number);
        write(ENDED, node);
    }

    @Override
    public Duration waitTimeout() {
        return job.waitLimit();
    }

    @Override
    public String waitTimeoutSetting() {
        return job.waitSetting();
    }

    @Override
    public Duration pollInterval() {
        return pollInterval;
    }

    /** The host's side: what the engine in {@code dir} left since post {@code afterPost} (a proposal only until agreed). */
    public static Outbox outbox(final StepDirectory dir, final int afterPost) {
        Path board = dir.board();
        Optional<Proposal> proposal = Optional.empty();
        if (!Files.isRegularFile(board.resolve(AGREEMENT))) {
            proposal = readJson(board.resolve(PROPOSAL))
                    .map(node -> new Proposal(node.path("number").asInt(), List.of(), node.path("configDigest").asText("")));
        }
        List<Post> posts = new ArrayList<>();
        int last = afterPost;
        for (int n = afterPost + 1; ; n++) {
            Optional<JsonNode> post = readJson(board.resolve(POSTS).resolve(n + ".json"));
            if (post.isEmpty()) {
                break;
            }
            posts.add(post(post.get()));
            last = n;
        }
        return new Outbox(proposal, posts, last, Files.isRegularFile(board.resolve(ENDED)));
    }

    /** The host's side: the agreement, as {@code agreement.json}'s text. */
    public static String agreementText(final List<List<String>> shards, final String configDigest, final int fixedBy) {
        ObjectNode node = JSON.createObjectNode();
        node.set("shards", JSON.valueToTree(shards));
        node.put("configDigest", configDigest);
        node.put("fixedBy", fixedBy);
        return node.toString();
    }

    /** The host's side: the board as it is, as {@code snapshot.json}'s text ({@code posts} each {@code [stack, outcome, digest]}). */
    public static String snapshotText(final List<List<String>> posts, final List<Integer> ended, final Map<Integer, String> gone) {
        ObjectNode node = JSON.createObjectNode();
        ArrayNode array = node.putArray("posts");
        for (List<String> post : posts) {
            array.add(postNode(new Post(StackId.of(post.get(0)), ShardOutcome.valueOf(post.get(1)), post.get(2))));
        }
        node.set("ended", JSON.valueToTree(new TreeSet<>(ended)));
        ObjectNode words = node.putObject("gone");
        new TreeMap<>(gone).forEach((number, why) -> words.put(String.valueOf(number), why));
        return node.toString();
    }

    /** The host's side: writes {@code agreement.json} ({@code agreement}) or {@code snapshot.json} ({@code snapshot}). */
    public static void deliver(final StepDirectory dir, final String agreement, final String snapshot) throws IOException {
        Directories.ensure(dir.board());
        if (agreement != null) {
            AtomicFiles.write(dir.board().resolve(AGREEMENT), out -> out.write(agreement.getBytes(StandardCharsets.UTF_8)));
        }
        if (snapshot != null) {
            AtomicFiles.write(dir.board().resolve(SNAPSHOT), out -> out.write(snapshot.getBytes(StandardCharsets.UTF_8)));
        }
    }

    private static ObjectNode postNode(final Post post) {
        ObjectNode node = JSON.createObjectNode();
        node.put("stack", post.stack().value());
        node.put("outcome", post.outcome().name());
        node.put("digest", post.digest());
        return node;
    }

    private static Post post(final JsonNode node) {
        return new Post(StackId.of(node.path("stack").asText()), ShardOutcome.valueOf(node.path("outcome").asText()),
                node.path("digest").asText(""));
    }

    private void write(final String name, final JsonNode node) {
        Path file = board.resolve(name);
        try {
            // board/posts/ holds board/ too: every file this side writes is in one of them
            Directories.ensure(board.resolve(POSTS));
            AtomicFiles.write(file, out -> JSON.writeValue(out, node));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + " for the build's board of shards: " + e.getMessage(), e);
        }
    }

    private static Optional<JsonNode> readJson(final Path file) {
        try {
            return Optional.of(JSON.readTree(Files.readAllBytes(file)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + " of the build's board of shards: " + e.getMessage(), e);
        }
    }

    private static void sleep(final long millis, final String what) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException("interrupted while it would " + what, new InterruptedIOException(e.getMessage()));
        }
    }
}
