package io.jenkins.plugins.stackdrift.agent;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;

import io.stackdrift.durable.BoardFiles;

/**
 * A durable shard's side of its build's board, kept by its step on the controller: each poll of the step directory
 * hands the engine the agreement and the board's latest snapshot, and brings back what the engine left in its board
 * files (its configuration, its posts, its end), which this relays to the board. No call of its own: it rides on the
 * poll the step makes anyway. After a restart a new relay starts from the first post: the board takes a post it has
 * as one it had, so nothing is lost and nothing counted twice.
 */
final class BoardRelay {
    private final ShardView view;
    private final int number;
    private int postsRelayed;
    private boolean endRelayed;
    @CheckForNull private String agreement;
    @CheckForNull private String snapshot;
    private String snapshotDelivered = "";

    BoardRelay(final ShardView view, final int number) {
        this.view = view;
        this.number = number;
    }

    /** The relay of {@code route}'s shard, which the board is told runs durably. */
    static BoardRelay of(final ShardRoute route) throws IOException {
        return new BoardRelay(route.durableView(), route.number());
    }

    /** The posts the board has already, by the engine's numbering. */
    int postsRelayed() {
        return postsRelayed;
    }

    /** The agreement the next poll writes; null when none is due. */
    @CheckForNull String agreementToDeliver() {
        return agreement;
    }

    /** The poll that hands the engine what is due and brings back its board mail. */
    DurableStepFiles.Poll poll(final long offset) {
        return new DurableStepFiles.Poll(offset, postsRelayed, agreement, snapshot);
    }

    /** The snapshot the next poll writes; null when the engine has the latest. */
    @CheckForNull String snapshotToDeliver() {
        return snapshot;
    }

    /**
     * After a poll that wrote what {@link #agreementToDeliver()} and {@link #snapshotToDeliver()} gave: relays the
     * engine's {@code mail} and readies what the next poll writes. Returns whether anything moved (the step then polls
     * again soon). A post the board refuses (never one of an engine of this plugin) is said in the console.
     */
    boolean relay(final DurableStepFiles.BoardMail mail, final PrintStream console) {
        boolean moved = false;
        if (snapshot != null) {
            snapshotDelivered = snapshot;
        }
        agreement = null;
        snapshot = null;
        try {
            if (mail.proposedConfig() != null) {
                List<String> agreed = view.agreeConfig(number, mail.proposedConfig());
                agreement = BoardFiles.agreementText(view.partition(), agreed.get(0), Integer.parseInt(agreed.get(1)));
                moved = true;
            }
            for (List<String> post : mail.posts()) {
                view.post(post.get(0), post.get(1), post.get(2));
                moved = true;
            }
            postsRelayed = mail.lastPost();
            if (mail.ended() && !endRelayed) {
                view.end(number);
                endRelayed = true;
                moved = true;
            }
        } catch (IOException e) {
            console.println(e.getMessage());
        }
        String now = BoardFiles.snapshotText(view.posts(), view.ended(), view.gone());
        if (!now.equals(snapshotDelivered)) {
            snapshot = now;
            moved = true;
        }
        return moved;
    }
}
