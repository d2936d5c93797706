package io.stackdrift.record;

/**
 * How one deploy (or destroy) of one stack ended, as the trail ("Recently deployed") shows it. A destroy that
 * fails, is interrupted or is only rehearsed uses the same words as a deploy; its reason says it was a destroy.
 */
public enum TrailResult {
    DEPLOYED("deployed"),
    NOTHING_TO_DEPLOY("nothing to deploy"),
    REHEARSAL("rehearsal"),
    FAILED("failed"),
    INTERRUPTED("interrupted"),
    /** A destroy deleted the stack's resources: the history forgets its last deploy (docs/concepts.md, "Policies and digests"). */
    DESTROYED("destroyed"),
    /** A destroy whose preview found nothing to delete; the history forgets its last deploy too. */
    NOTHING_TO_DESTROY("nothing to destroy");

    private final String word;

    TrailResult(final String word) {
        this.word = word;
    }

    /** A destroy that went through (also with nothing to delete): the stack no longer holds what was deployed. */
    public boolean endsTheDeployment() {
        return this == DESTROYED || this == NOTHING_TO_DESTROY;
    }

    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
