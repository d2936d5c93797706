package io.stackdrift.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Problem;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.RunResult;

/**
 * A run's result as the run JSON shows it: the command's exit code (1 or 3 when the record or the HTML report could not
 * be written, not the outcome's own), and notes saying what could not be written.
 */
record PrintedResult(RunResult outcome, int exitCode, List<String> extra) implements RunResult {
    PrintedResult {
        extra = List.copyOf(extra);
    }

    @Override
    public Optional<RunRecord> run() {
        return outcome.run();
    }

    @Override
    public List<Problem> problems() {
        return outcome.problems();
    }

    @Override
    public List<Problem> warnings() {
        return outcome.warnings();
    }

    @Override
    public List<String> notes() {
        List<String> all = new ArrayList<>(outcome.notes());
        all.addAll(extra);
        return all;
    }
}
