package io.stackdrift.model;

/** What happened (or will happen) to one resource. */
public enum Action {
    CREATE("create"),
    UPDATE("update"),
    DELETE("delete"),
    REPLACE("replace"),
    READ("read"),
    IMPORT("import"),
    FORGET("forget");

    private final String word;

    Action(final String word) {
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
