package io.stackdrift.testing;

import java.util.Arrays;
import java.util.List;

import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.ListAssert;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.record.TrailEntry;

/**
 * AssertJ assertions on what one engine run returned: how it ends (the exit code's three meanings), whether the
 * configuration stopped it, its notes, and its record ({@code assertThat(outcome).endsWithChanges().row("gate")
 * .hasState(AWAITING_APPROVAL)}). Entry point: {@link StackDriftAssertions}.
 */
public final class RunOutcomeAssert extends AbstractAssert<RunOutcomeAssert, RunOutcome> {
    RunOutcomeAssert(final RunOutcome actual) {
        super(actual, RunOutcomeAssert.class);
    }

    /** Nothing to report: exit code 0. */
    public RunOutcomeAssert endsOk() {
        return exitsWith(RunOutcome.OK, "nothing to report");
    }

    /** Drift, pending changes or stacks awaiting approval: exit code 2. */
    public RunOutcomeAssert endsWithChanges() {
        return exitsWith(RunOutcome.CHANGES, "changes");
    }

    /** An error or a failed stack: exit code 1. */
    public RunOutcomeAssert endsWithError() {
        return exitsWith(RunOutcome.ERROR, "an error");
    }

    /** The configuration stopped the run before any tool: no record, and at least one problem. */
    public RunOutcomeAssert isConfigInvalid() {
        isNotNull();
        if (!actual.configInvalid() || actual.problems().isEmpty()) {
            failWithMessage("Expected the configuration to stop the run with problems but the run has a record: %s, problems: %s",
                    actual.run().isPresent(), actual.problems());
        }
        return this;
    }

    /** Some note contains every one of {@code parts}. */
    public RunOutcomeAssert hasNoteContaining(final String... parts) {
        isNotNull();
        boolean found = actual.notes().stream().anyMatch(note -> Arrays.stream(parts).allMatch(note::contains));
        if (!found) {
            failWithMessage("Expected a note containing %s but the notes are %s", List.of(parts), actual.notes());
        }
        return this;
    }

    /** The run's record; fails (naming the problems) when the run has none. */
    public RunRecordAssert record() {
        isNotNull();
        if (actual.run().isEmpty()) {
            failWithMessage("Expected the run to have a record but it has none; problems: %s", actual.problems());
        }
        return new RunRecordAssert(actual.run().get());
    }

    /** The row of stack {@code id} in the run's record. */
    public RowAssert row(final String id) {
        return record().row(id);
    }

    public CountsAssert counts() {
        return record().counts();
    }

    /** The trail, each entry as {@code stack result}, in order. */
    public RunOutcomeAssert hasTrail(final String... entries) {
        record().hasTrail(entries);
        return this;
    }

    /** The trail, each entry as {@code stack result}, in any order. */
    public RunOutcomeAssert hasTrailInAnyOrder(final String... entries) {
        record().hasTrailInAnyOrder(entries);
        return this;
    }

    public ListAssert<TrailEntry> trail() {
        return record().trail();
    }

    public TrailEntryAssert onlyTrailEntry() {
        return record().onlyTrailEntry();
    }

    private RunOutcomeAssert exitsWith(final int code, final String meaning) {
        isNotNull();
        if (actual.exitCode() != code) {
            failWithMessage("Expected the run to end with %s (exit code %s) but its exit code is %s; counts: %s, problems: %s", meaning,
                    code, actual.exitCode(), actual.run().map(r -> r.counts().toString()).orElse("no record"), actual.problems());
        }
        return this;
    }
}
