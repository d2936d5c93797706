package io.stackdrift.record;

/** How one deploy of one stack ended, as the trail ("Recently deployed") shows it. */
public enum TrailResult {
    DEPLOYED("deployed"),
    NOTHING_TO_DEPLOY("nothing to deploy"),
    REHEARSAL("rehearsal"),
    FAILED("failed"),
    INTERRUPTED("interrupted");

    private final String word;

    TrailResult(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    @Override
    public String toString() {
        return word;
    }
}
