package io.stackdrift.config;

import java.util.Optional;

/** When a deploy previews and applies a stack (docs/concepts.md, "Policies and digests"). */
public enum Policy {
    ON_CHANGE("onChange"),
    ON_CHANGE_OR_DEPENDENCY("onChangeOrDependency"),
    ONCE("once");

    private final String word;

    Policy(final String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static Optional<Policy> fromWord(final String word) {
        for (Policy policy : values()) {
            if (policy.word.equals(word)) {
                return Optional.of(policy);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return word;
    }
}
