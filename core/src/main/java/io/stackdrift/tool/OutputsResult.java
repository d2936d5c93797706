package io.stackdrift.tool;

import java.util.List;
import java.util.Objects;

/** The outputs read from a stack's state, or why they could not be read. */
public record OutputsResult(boolean succeeded, String reason, List<StackOutput> outputs) {
    public OutputsResult {
        reason = Objects.requireNonNullElse(reason, "");
        outputs = List.copyOf(outputs);
    }

    /** Names and sensitive marks only, through {@link StackOutput#toString()}: never a value. */
    @Override
    public String toString() {
        return "OutputsResult[succeeded=" + succeeded + ", reason=" + reason + ", outputs=" + outputs + "]";
    }

    public static OutputsResult failure(final String reason) {
        return new OutputsResult(false, reason, List.of());
    }
}
