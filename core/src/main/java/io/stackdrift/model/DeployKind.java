package io.stackdrift.model;

/** What a deploy does to its stacks: deploys them in dependency order, or destroys them in reverse order. */
public enum DeployKind {
    DEPLOY("deploy"),
    DESTROY("destroy");

    private final String word;

    DeployKind(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }
}
