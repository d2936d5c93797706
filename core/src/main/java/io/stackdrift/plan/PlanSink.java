package io.stackdrift.plan;

import java.util.List;

import io.stackdrift.model.Change;
import io.stackdrift.model.ValueKey;

/**
 * Receives what a streaming reader finds, one item at a time, so that a plan of any size is never held
 * whole. Changes arrive in file order, code changes and drift interleaved (tell them apart by
 * {@link Change#cause()}). When the read ends failed, whatever arrived before is not to be shown: a failed
 * row has no changes (docs/concepts.md, "Rows and their states").
 */
public interface PlanSink {
    /** One pending code change or one drift entry. Never carries a value. */
    void onChange(Change change);

    /** Terraform {@code replace_paths} of one resource: paths whose change forces a replacement. */
    default void onReplacePaths(final String address, final List<String> paths) {
    }

    /** The raw name a Pulumi {@code StackReference} read carries; internal to the adapter (docs/concepts.md, "Rows and their states"). */
    default void onStackReference(final String name) {
    }

    /**
     * False when the sink only counts: the reader may then skip before/after values and leave paths
     * empty, which is much faster on big plans.
     */
    default boolean wantsPaths() {
        return true;
    }

    /**
     * The key a reader digests each change's values under ({@link Change#values()}); {@link ValueKey#NONE}: none are
     * digested. Only a sink that {@link #wantsPaths() wants paths} gets values digested.
     */
    default ValueKey valueKey() {
        return ValueKey.NONE;
    }
}
