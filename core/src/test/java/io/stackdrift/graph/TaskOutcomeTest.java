package io.stackdrift.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TaskOutcomeTest {
    @Test
    void onlySuccessNothingToDoAndATaskSkipLetDependentsGo() {
        assertThat(TaskOutcome.succeeded().letsDependentsGo()).isTrue();
        assertThat(TaskOutcome.nothingToDo().letsDependentsGo()).isTrue();
        assertThat(TaskOutcome.skipped("policy once").letsDependentsGo()).isTrue();
        assertThat(TaskOutcome.failed("x").letsDependentsGo()).isFalse();
        assertThat(TaskOutcome.awaitingApproval("x").letsDependentsGo()).isFalse();
    }

    @Test
    void failuresSkipsAndApprovalsNeedAReason() {
        assertThatThrownBy(() -> TaskOutcome.failed(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskOutcome.skipped("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TaskOutcome.awaitingApproval(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
