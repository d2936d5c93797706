package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.io.Serializable;
import java.time.Duration;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.SuppressFBWarnings;
import hudson.remoting.VirtualChannel;

/**
 * Which shard of its build an agent call runs, of how many, the board it reaches on the controller and how long a
 * stack waits on it for a dependency of another shard ({@code lockTimeout}; none given: without a limit). A call of a
 * step of its own has {@link #none()}; {@code stackShards}' call only the count.
 */
public final class ShardRoute implements Serializable {
    private static final long serialVersionUID = 1L;
    /** What "no limit" waits: longer than any build. */
    public static final Duration NO_LIMIT = Duration.ofDays(365);

    private final int number;
    private final int count;
    private final long waitSeconds;
    /** What sets the wait, as a wait that gave up names it; null in routes made before it was kept: lockTimeout. */
    @CheckForNull private final String waitSetting;
    @SuppressFBWarnings(value = "SE_BAD_FIELD", justification = "a remoting proxy (VirtualChannel.export), serializable; "
            + "the shard's view of the board itself only on the built-in node, where the call is not serialized")
    @SuppressWarnings("serial") // javac 21+ sees the interface type only; the value is a serializable proxy (above)
    @CheckForNull private final ShardBoardLink board;

    private ShardRoute(final int number, final int count, final long waitSeconds, @CheckForNull final String waitSetting,
            @CheckForNull final ShardBoardLink board) {
        this.number = number;
        this.count = count;
        this.waitSeconds = waitSeconds;
        this.waitSetting = waitSetting;
        this.board = board;
    }

    /** A step of its own: no shard. */
    public static ShardRoute none() {
        return new ShardRoute(0, 0, 0, null, null);
    }

    /** {@code stackShards(count: n)}: the split only, no board yet. */
    public static ShardRoute split(final int count) {
        return new ShardRoute(0, count, 0, null, null);
    }

    /**
     * Shard {@code number} of {@code board}; {@code wait} zero: without a limit. The route carries the shard's own view
     * of the board ({@link ShardView}: posts for its own stacks, ends only itself), which is what gets exported.
     */
    public static ShardRoute of(final int number, final BuildShards board, final Duration wait) {
        return of(number, board, wait, "lockTimeout", ShardStartLimit.none());
    }

    /**
     * As {@link #of(int, BuildShards, Duration)}: {@code setting} names what set the wait ({@code lockTimeout},
     * {@code shardTimeout}), and a shard that has not started is waited for at most {@code start} from this shard's own
     * start.
     */
    public static ShardRoute of(final int number, final BuildShards board, final Duration wait, final String setting,
            final ShardStartLimit start) {
        return new ShardRoute(number, board.count(), wait.toSeconds(), setting, new ShardView(board, number, start));
    }

    /** This route as the agent call carries it: the board exported over {@code channel}. */
    ShardRoute exportedOver(final VirtualChannel channel) {
        return board == null ? this : new ShardRoute(number, count, waitSeconds, waitSetting,
                channel.export(ShardBoardLink.class, board));
    }

    /** The shard the call runs; 0 for none. */
    public int number() {
        return number;
    }

    public int count() {
        return count;
    }

    /** How long a stack waits for a running shard's stack; {@link #NO_LIMIT} for none. */
    public Duration waitTimeout() {
        return waitSeconds > 0 ? Duration.ofSeconds(waitSeconds) : NO_LIMIT;
    }

    /** What set {@link #waitTimeout()}: {@code lockTimeout} or {@code shardTimeout}. */
    public String waitSetting() {
        return waitSetting == null ? "lockTimeout" : waitSetting;
    }

    /**
     * The relay a durable shard's step keeps on the controller between its engine's board files and the build's board;
     * the board is told that this shard runs durably (a restart does not stop it). Only on the controller's route.
     */
    ShardView durableView() throws IOException {
        if (!(board instanceof ShardView view)) {
            throw new IllegalStateException("only the controller's route of a shard relays its board files");
        }
        view.runsDurably();
        return view;
    }

    /** The exchange the engine on the agent posts to and reads from. */
    LinkedShardExchange exchange(final Duration poll) {
        if (board == null) {
            throw new IllegalStateException("a call without a shard has no board");
        }
        return new LinkedShardExchange(board, waitTimeout(), poll, waitSetting());
    }
}
