package io.jenkins.plugins.stackdrift.steps;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The steps that may apply changes, {@code deployStacks} and {@code checkDrift} (whose mode {@code correct} deploys): they
 * can run one shard of the build's {@code stackShards}, waiting for the other shards' stacks they depend on.
 */
public abstract class ShardedStackStep extends AbstractStackStep {
    @CheckForNull private Integer shard;
    @CheckForNull private Integer of;

    @Override
    int shardNumber() {
        return shard == null ? 0 : shard;
    }

    @Override
    int shardCount() {
        return of == null ? 0 : of;
    }

    @CheckForNull
    public Integer getShard() {
        return shard;
    }

    /** The shard of the build's {@code stackShards} this step runs, 1 to {@code of}; with {@code of}. */
    @DataBoundSetter
    public void setShard(@CheckForNull final Integer shard) {
        this.shard = shard == null || shard == 0 ? null : shard;
    }

    @CheckForNull
    public Integer getOf() {
        return of;
    }

    /** How many shards the build's {@code stackShards} split the stacks into (its {@code count}); with {@code shard}. */
    @DataBoundSetter
    public void setOf(@CheckForNull final Integer of) {
        this.of = of == null || of == 0 ? null : of;
    }
}
