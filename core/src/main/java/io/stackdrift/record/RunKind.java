package io.stackdrift.record;

/** What a run did. */
public enum RunKind {
    CHECK("drift check"),
    PREVIEW("preview"),
    DEPLOY("deploy"),
    REPORT("report");

    private final String word;

    RunKind(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
