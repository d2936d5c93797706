package io.stackdrift.config;

import java.util.Optional;

/** What one place of stacks.yaml says of {@code policyCheck:}: a check, or {@code off} (a stack opting out of the top level's). */
record PolicyCheckChoice(Optional<PolicyCheck> check) {
    static final PolicyCheckChoice OFF = new PolicyCheckChoice(Optional.empty());

    @Override
    public String toString() {
        return check.map(PolicyCheck::toString).orElse("off");
    }
}
