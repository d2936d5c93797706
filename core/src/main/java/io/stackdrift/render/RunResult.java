package io.stackdrift.render;

import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Problem;
import io.stackdrift.record.RunRecord;

/**
 * What the run JSON says of a run's outcome ({@link RunJsonWriter}): the engine's outcome is one, as its host shows
 * it (masked). Rendering sits below the engine, so it names what it reads here instead of the engine's type.
 */
public interface RunResult {
    /** The record; absent when the configuration was invalid and no tool ran. */
    Optional<RunRecord> run();

    /** The exit code the host ends with (0 nothing to report, 2 changes, 1 an error). */
    int exitCode();

    List<Problem> problems();

    List<Problem> warnings();

    List<String> notes();
}
