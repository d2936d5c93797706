package io.jenkins.plugins.stackdrift.steps;

import java.util.ArrayList;
import java.util.List;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.InvisibleAction;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.agent.BuildShards;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.trigger.ApprovalCause;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;

import io.stackdrift.model.DeployKind;

/**
 * The partition a build's {@code stackShards} fixed, kept in the build (its {@code build.xml}), and the build's one board
 * of shards on the controller ({@link BuildShards}: each stack's owning shard and, once it ended, its outcome). Every
 * {@code deployStacks(shard: i, of: n)} and {@code checkDrift(shard: i, of: n)} of the build reaches that board.
 *
 * <p>The board is saved in the build's directory on each change ({@link BoardFile}). When the build is loaded again
 * after a controller restart (the Pipeline goes on; a shard step that was running does not), the board is restored
 * from there and every shard whose step had started and not ended is stopped: the shards that start afterwards do not
 * wait for it, they are told why.
 */
@ExportedBean(defaultVisibility = 2)
public final class BuildShardsAction extends InvisibleAction implements RunAction2 {
    /** Parallel branches record and read the build's partition one at a time. */
    private static final Object RECORDING = new Object();
    /** What the waiters of a shard whose step was running at a restart are told. */
    static final String STOPPED_BY_RESTART = "its step was running when the controller restarted, and a Stack Drift step "
            + "does not go on after a restart";

    private final ArrayList<ArrayList<String>> shards;
    @CheckForNull private transient volatile BuildShards board;
    /** The build, once attached or loaded; null in an action made but not added (then the board is in memory only). */
    @CheckForNull private transient volatile Run<?, ?> owner;
    /** Loaded from disk (a restart, or a reload), not attached in this controller's life: the board is restored. */
    private transient volatile boolean loaded;

    public BuildShardsAction(final List<List<String>> shards) {
        this.shards = new ArrayList<>();
        shards.forEach(shard -> this.shards.add(new ArrayList<>(shard)));
    }

    /** The stacks of shard 1, 2, … (the build's remote API shows them: which agent deployed what). */
    @Exported(visibility = 2)
    public List<List<String>> getShards() {
        List<List<String>> copy = new ArrayList<>();
        shards.forEach(shard -> copy.add(List.copyOf(shard)));
        return copy;
    }

    @Override
    public void onAttached(final Run<?, ?> run) {
        owner = run;
    }

    @Override
    public void onLoad(final Run<?, ?> run) {
        owner = run;
        loaded = true;
    }

    /**
     * The build's board, the first time a shard step asks: restored from the build's directory when the build was loaded
     * (shards whose step was running then stopped), else new; saved there on each change.
     */
    BuildShards board() {
        synchronized (RECORDING) {
            BuildShards current = board;
            if (current == null) {
                Run<?, ?> run = owner;
                BoardFile file = run == null ? null : new BoardFile(run.getRootDir().toPath());
                BuildShards.Store store = file == null ? BuildShards.Store.NONE : file;
                BuildShards.Saved saved = loaded && file != null ? file.read().orElse(null) : null;
                current = saved == null ? new BuildShards(getShards(), store, System::currentTimeMillis)
                        : BuildShards.restored(getShards(), saved, STOPPED_BY_RESTART, store, System::currentTimeMillis);
                board = current;
            }
            return current;
        }
    }

    /**
     * Records {@code partition} as the build's; a build splits its stacks once: a second {@code stackShards} with the same
     * partition keeps the first (and its board), one with another fails, naming both counts.
     */
    static BuildShardsAction record(final Run<?, ?> run, final List<List<String>> partition) throws AbortException {
        synchronized (RECORDING) {
            BuildShardsAction current = run.getAction(BuildShardsAction.class);
            if (current != null) {
                if (!current.getShards().equals(partition)) {
                    throw new AbortException("Stack Drift: this build already split its stacks into " + current.shards.size()
                            + " shards; a build has one split (call stackShards once, before the shards' steps)");
                }
                return current;
            }
            BuildShardsAction action = new BuildShardsAction(partition);
            run.addAction(action);
            return action;
        }
    }

    /**
     * The build's board for a shard step ({@code shard: number, of: count}); a shard step the build cannot run fails
     * here, having done nothing: a destroy, a selection of its own, a deploy of an approval build, no split, another count.
     */
    static BuildShards boardFor(final Run<?, ?> run, final StepSettings settings, final Operation operation) throws AbortException {
        int number = settings.shardNumber();
        int count = settings.shardCount();
        String which = "Stack Drift: shard " + number + " of " + count;
        if (settings.kind() == DeployKind.DESTROY) {
            throw new AbortException(which + ": a destroy is not split into shards; leave out shard: and of:");
        }
        if (!settings.stacks().isEmpty()) {
            throw new AbortException(which + ": the shard's stacks come from the build's stackShards; leave out stacks:");
        }
        if (run.getCause(ApprovalCause.class) != null && operation == Operation.DEPLOY) {
            throw new AbortException(which + ": an approval build deploys the approved stacks in one step; run deployStacks "
                    + "without shard: and of: in it");
        }
        BuildShardsAction action;
        synchronized (RECORDING) {
            action = run.getAction(BuildShardsAction.class);
        }
        if (action == null) {
            throw new AbortException("Stack Drift: shard " + number + " of " + count + ": this build has no shards yet; call "
                    + "stackShards(count: " + count + ") before the shards' steps, and give each its shard: and of:");
        }
        if (action.shards.size() != count) {
            throw new AbortException("Stack Drift: shard " + number + " of " + count + ": this build's stackShards split its "
                    + "stacks into " + action.shards.size() + " shards; give of: " + action.shards.size());
        }
        return action.board();
    }
}
