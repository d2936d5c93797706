package io.stackdrift.testing;

import java.util.List;

import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.Assertions;
import org.assertj.core.api.ListAssert;

import io.stackdrift.model.Row;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;

/**
 * AssertJ assertions on a run's record: its rows by stack id, its counts, its trail written as {@code stack result}
 * ({@code assertThat(record).hasTrail("a deployed", "b failed")}). Entry point: {@link StackDriftAssertions}.
 */
public final class RunRecordAssert extends AbstractAssert<RunRecordAssert, RunRecord> {
    RunRecordAssert(final RunRecord actual) {
        super(actual, RunRecordAssert.class);
    }

    /** The row of stack {@code id}; fails when the run has none. */
    public RowAssert row(final String id) {
        isNotNull();
        Row row = actual.rows().stream().filter(r -> r.id().value().equals(id)).findFirst().orElse(null);
        if (row == null) {
            failWithMessage("Expected run %s to have a row for %s but its rows are %s", actual.runId(), id, ids());
        }
        return new RowAssert(row);
    }

    /** The stacks the run has rows for, in order. */
    public RunRecordAssert hasRowsFor(final String... ids) {
        isNotNull();
        if (!ids().equals(List.of(ids))) {
            failWithMessage("Expected run %s to have rows for %s but it has rows for %s", actual.runId(), List.of(ids), ids());
        }
        return this;
    }

    public CountsAssert counts() {
        isNotNull();
        return new CountsAssert(actual.counts());
    }

    public RunRecordAssert hasKind(final RunKind expected) {
        isNotNull();
        if (actual.kind() != expected) {
            failWithMessage("Expected run %s to be a %s but it is a %s", actual.runId(), expected, actual.kind());
        }
        return this;
    }

    /** The trail, each entry as {@code stack result}, in the order the deploys finished. */
    public RunRecordAssert hasTrail(final String... entries) {
        isNotNull();
        if (!trailLines().equals(List.of(entries))) {
            failWithMessage("Expected run %s's trail to be %s but it is %s", actual.runId(), List.of(entries), trailLines());
        }
        return this;
    }

    /** The trail, each entry as {@code stack result}, in any order (deploys of parallel stacks finish in any order). */
    public RunRecordAssert hasTrailInAnyOrder(final String... entries) {
        isNotNull();
        if (!trailLines().stream().sorted().toList().equals(List.of(entries).stream().sorted().toList())) {
            failWithMessage("Expected run %s's trail to be %s in any order but it is %s", actual.runId(), List.of(entries),
                    trailLines());
        }
        return this;
    }

    /** The trail's entries, for what the {@code stack result} lines do not say. */
    public ListAssert<TrailEntry> trail() {
        isNotNull();
        return Assertions.assertThat(actual.trail());
    }

    /** The trail's one entry; fails when it has none or more. */
    public TrailEntryAssert onlyTrailEntry() {
        isNotNull();
        if (actual.trail().size() != 1) {
            failWithMessage("Expected run %s's trail to have one entry but it is %s", actual.runId(), trailLines());
        }
        return new TrailEntryAssert(actual.trail().get(0));
    }

    private List<String> ids() {
        return actual.rows().stream().map(r -> r.id().value()).toList();
    }

    private List<String> trailLines() {
        return actual.trail().stream().map(e -> e.stack().value() + " " + e.result().word()).toList();
    }
}
