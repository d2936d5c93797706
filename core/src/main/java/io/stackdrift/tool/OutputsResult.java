package io.stackdrift.tool;

import java.util.List;
import java.util.Objects;

/** The outputs read from a stack's state, or why they could not be read. */
public record OutputsResult(boolean succeeded, String reason, List<StackOutput> outputs) {
    public OutputsResult {
        reason = Objects.requireNonNullElse(reason, "");
        outputs = List.copyOf(outputs);
    }

    public static OutputsResult failure(final String reason) {
        return new OutputsResult(false, reason, List.of());
    }
}
