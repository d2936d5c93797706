package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Tries;

class CountsTest {
    private static Row row(final String id, final RowState state) {
        return Row.of(StackId.of(id), Tool.TOFU, id, state, "");
    }

    @Test
    void countsPendingAndDriftedStacksUnderBothHeadings() {
        Counts counts = Counts.of(List.of(row("a", RowState.IN_SYNC), row("b", RowState.PENDING_DRIFTED),
                row("c", RowState.DRIFTED), row("d", RowState.FAILED)));

        assertThat(counts).isEqualTo(new Counts(4, 1, 2, 1, 1, 0, 0));
    }

    @Test
    void aRepairedRowCountsOnlyAsRepaired() {
        Counts counts = Counts.of(List.of(row("a", RowState.IN_SYNC), row("b", RowState.REPAIRED)));

        assertThat(counts).isEqualTo(new Counts(2, 1, 0, 0, 0, 0, 0, 1));
    }

    @Test
    void everyRowIsCountedOnceByItsOwnState() {
        Tries.check(1000, gen -> {
            List<RowState> states = gen.list(0, 30, () -> gen.of(RowState.class));
            List<Row> rows = states.stream().map(s -> row("s", s)).toList();
            Counts c = Counts.of(rows);
            long both = states.stream().filter(s -> s == RowState.PENDING_DRIFTED).count();

            assertThat(c.inSync() + c.drifted() + c.pending() - both + c.failed() + c.skipped() + c.awaitingApproval()
                    + c.repaired() + c.notDeployed() + c.destroyed())
                    .isEqualTo(states.size());
        });
    }
}
