package io.stackdrift.engine;

import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Problem;
import io.stackdrift.model.Counts;
import io.stackdrift.record.RunRecord;

/**
 * The result of one run: the record (absent when the configuration was invalid and no tool ran), the
 * configuration problems and warnings, and notes for the log (dropped edges, skipped references).
 */
public record RunOutcome(Optional<RunRecord> run, List<Problem> problems, List<Problem> warnings, List<String> notes) {
    /** 0 nothing to report, 2 drift or pending changes (or stacks awaiting approval), 1 error or failed stack. */
    public static final int OK = 0;
    public static final int ERROR = 1;
    public static final int CHANGES = 2;

    public RunOutcome {
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
        notes = List.copyOf(notes);
    }

    public static RunOutcome invalidConfig(final List<Problem> problems, final List<Problem> warnings) {
        return new RunOutcome(Optional.empty(), problems, warnings, List.of());
    }

    public boolean configInvalid() {
        return run.isEmpty();
    }

    /** Mirrors {@code -detailed-exitcode}. */
    public int exitCode() {
        if (run.isEmpty()) {
            return ERROR;
        }
        Counts counts = run.get().counts();
        if (counts.failed() > 0) {
            return ERROR;
        }
        return counts.drifted() + counts.pending() + counts.awaitingApproval() > 0 ? CHANGES : OK;
    }
}
