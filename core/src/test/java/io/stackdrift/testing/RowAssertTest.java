package io.stackdrift.testing;

import static io.stackdrift.testing.RowAssert.assertThatRow;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/** The row assertions pass on what the row holds and fail naming the stack, its state and its reason. */
class RowAssertTest {
    private final Row failed = Row.of(StackId.of("net"), Tool.TERRAFORM, "net", RowState.FAILED, "plan failed: bad ref");

    @Test
    void whatTheRowHoldsPasses() {
        assertThatRow(failed).hasState(RowState.FAILED).hasReasonContaining("bad ref").hasDriftCount(0);
    }

    @Test
    void anotherStateFailsNamingTheStackItsStateAndReason() {
        assertThatThrownBy(() -> assertThatRow(failed).hasState(RowState.IN_SYNC)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("stack net to be in sync but it was failed (reason: plan failed: bad ref)");
    }

    @Test
    void anotherReasonOrDriftCountFails() {
        assertThatThrownBy(() -> assertThatRow(failed).hasReasonContaining("timeout")).isInstanceOf(AssertionError.class)
                .hasMessageContaining("<timeout>");
        assertThatThrownBy(() -> assertThatRow(failed).hasDriftCount(1)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("show 1 drifted resource(s) but it shows 0");
    }
}
