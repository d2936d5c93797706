package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What one shard's agent reaches of its build's board: it reads the whole board (its stacks wait for other shards'
 * posts), but posts only for its own stacks and ends only itself. Remoting lets an agent call every method of an
 * exported object, so each shard step exports this view, never the board: an agent of shard 1 cannot post for a stack
 * of shard 2 before shard 2 does, nor end shard 2 and so skip its dependents.
 *
 * <p>The view also tells its shard which shards will not come: those a restart stopped, and, once this shard has
 * waited its {@link ShardStartLimit} since its own step started, those whose step has not started yet.
 */
final class ShardView implements ShardBoardLink {
    private final BuildShards board;
    private final int number;
    private final ShardStartLimit startLimit;

    ShardView(final BuildShards board, final int number) {
        this(board, number, ShardStartLimit.none());
    }

    ShardView(final BuildShards board, final int number, final ShardStartLimit startLimit) {
        if (number < 1 || number > board.count()) {
            throw new IllegalArgumentException("shard " + number + " of " + board.count());
        }
        this.board = board;
        this.number = number;
        this.startLimit = startLimit;
    }

    @Override
    public List<List<String>> partition() {
        return board.partition();
    }

    /** The configuration digest this shard read: it speaks for itself only, never as another shard. */
    @Override
    public List<String> agreeConfig(final int shard, final String configDigest) throws IOException {
        if (shard != number) {
            throw new IOException("Stack Drift: shard " + number + " cannot give the configuration of shard " + shard);
        }
        return board.agreeConfig(shard, configDigest);
    }

    @Override
    public void post(final String stack, final String outcome, final String digest) throws IOException {
        int owner = board.ownerOf(stack);
        if (owner != number) {
            throw new IOException("Stack Drift: shard " + number + " cannot post for " + stack + ", "
                    + (owner == 0 ? "which is in no shard of this build's stackShards" : "a stack of shard " + owner));
        }
        board.post(stack, outcome, digest);
    }

    @Override
    public List<List<String>> posts() {
        return board.posts();
    }

    @Override
    public List<Integer> ended() {
        return board.ended();
    }

    /**
     * The shards a restart stopped, and, when this shard started longer than its start limit ago, every shard whose
     * step has not started: this shard holds an executor while it waits, and the late shard may need just that one.
     */
    @Override
    public Map<Integer, String> gone() {
        Map<Integer, String> gone = board.gone();
        OptionalLong since = board.startedAt(number);
        if (startLimit.limit().isZero() || since.isEmpty() || board.now() - since.getAsLong() < startLimit.limit().toMillis()) {
            return gone;
        }
        Set<Integer> late = board.notStarted();
        late.remove(number);
        if (!late.isEmpty()) {
            String shortage = shortage();
            String words = "its step did not start within " + startLimit.words() + " (shardStartTimeout)"
                    + (shortage.isEmpty() ? "" : ": " + shortage);
            late.forEach(shard -> gone.putIfAbsent(shard, words));
        }
        return gone;
    }

    /** What the controller knows of the executors; a queue it cannot read leaves the words out, never the answer. */
    private String shortage() {
        try {
            return startLimit.shortage().get();
        } catch (RuntimeException e) {
            return "";
        }
    }

    @Override
    public void end(final int shard) throws IOException {
        if (shard != number) {
            throw new IOException("Stack Drift: shard " + number + " cannot end shard " + shard + "; only its own step ends it");
        }
        board.end(shard);
    }

    /** This shard's engine runs durably: a controller restart does not stop it. */
    void runsDurably() throws IOException {
        board.runsDurably(number);
    }

    @Override
    public String toString() {
        return "ShardView[" + number + " of " + board.count() + "]";
    }
}
