package io.jenkins.plugins.stackdrift.agent;

/** What the engine is asked to do on the agent. */
public enum Operation {
    VALIDATE("validate"),
    /** Validate, and give the order a deploy would run the stacks in (files only: no tool, no history). */
    GRAPH("validate and show the run order"),
    INSPECT("read the stack selection"),
    /** Split the selection into shards (files and the history's durations: no tool). */
    SHARDS("split into shards"),
    PREVIEW("preview"),
    CHECK("drift check"),
    DEPLOY("deploy");

    private final String word;

    Operation(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
