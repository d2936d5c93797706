package io.stackdrift.deploy;

import io.stackdrift.graph.TaskOutcome;
import io.stackdrift.model.Row;

/**
 * How one stack's deploy or destroy ended: its row and what the scheduler makes of it.
 *
 * @param withheld a correction that applied nothing because the fresh preview also carried code changes
 */
public record Deployed(Row row, TaskOutcome outcome, boolean withheld) {
    public Deployed(final Row row, final TaskOutcome outcome) {
        this(row, outcome, false);
    }
}
