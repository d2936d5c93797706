package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.util.List;

/**
 * What one shard's agent reaches of its build's board: it reads the whole board (its stacks wait for other shards'
 * posts), but posts only for its own stacks and ends only itself. Remoting lets an agent call every method of an
 * exported object, so each shard step exports this view, never the board: an agent of shard 1 cannot post for a stack
 * of shard 2 before shard 2 does, nor end shard 2 and so skip its dependents.
 */
final class ShardView implements ShardBoardLink {
    private final BuildShards board;
    private final int number;

    ShardView(final BuildShards board, final int number) {
        if (number < 1 || number > board.count()) {
            throw new IllegalArgumentException("shard " + number + " of " + board.count());
        }
        this.board = board;
        this.number = number;
    }

    @Override
    public List<List<String>> partition() {
        return board.partition();
    }

    /** Only the view's own shard agrees on the configuration: another shard's agreement is that shard's to make. */
    @Override
    public List<String> agreeConfig(final int shard, final String configDigest) throws IOException {
        if (shard != number) {
            throw new IOException("Stack Drift: shard " + number + " cannot agree the configuration for shard " + shard);
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

    @Override
    public void end(final int shard) throws IOException {
        if (shard != number) {
            throw new IOException("Stack Drift: shard " + number + " cannot end shard " + shard + "; only its own step ends it");
        }
        board.end(shard);
    }

    @Override
    public String toString() {
        return "ShardView[" + number + " of " + board.count() + "]";
    }
}
