package io.stackdrift.graph;

/** What happens to running stacks when a run is stopped. Stacks not started yet never start. */
public enum StopMode {
    /** Running stacks finish their work and are recorded as they end. */
    LET_RUNNING_FINISH,
    /** Running stacks are interrupted (their tasks kill their processes) and recorded as interrupted. */
    KILL_RUNNING
}
