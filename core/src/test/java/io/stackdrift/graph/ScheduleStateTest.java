package io.stackdrift.graph;

import static io.stackdrift.graph.Graphs.graph;
import static io.stackdrift.graph.Graphs.id;
import static io.stackdrift.graph.Graphs.ids;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.StackId;

class ScheduleStateTest {
    private final StackGraph g = graph("a", "", "b", "a", "c", "a", "d", "b,c", "e", "");

    private ScheduleState state() {
        return new ScheduleState(g, CriticalPath.byCount(g));
    }

    @Test
    void aStackBecomesReadyWhenItsLastDependencySucceeds() {
        ScheduleState s = state();
        assertThat(s.startNext()).isEqualTo(id("a"));
        assertThat(s.succeeded(id("a"))).containsExactlyElementsOf(ids("b", "c"));
        assertThat(s.startNext()).isEqualTo(id("b"));
        assertThat(s.succeeded(id("b"))).isEmpty();
        assertThat(s.startNext()).isEqualTo(id("c"));
        assertThat(s.succeeded(id("c"))).containsExactly(id("d"));
    }

    @Test
    void aBlockedStackTakesEveryTransitiveDependentNotYetDone() {
        ScheduleState s = state();
        s.startNext();
        s.succeeded(id("a"));
        StackId b = s.startNext();
        StackId c = s.startNext();

        assertThat(s.blocked(c)).containsExactly(id("d"));
        assertThat(s.succeeded(b)).isEmpty();
        assertThat(s.startNext()).isEqualTo(id("e"));
        s.succeeded(id("e"));
        assertThat(s.isComplete()).isTrue();
    }

    @Test
    void abandoningLeavesOnlyRunningStacks() {
        ScheduleState s = state();
        s.startNext();

        assertThat(s.abandonNotStarted()).containsExactlyElementsOf(ids("b", "c", "d", "e"));
        assertThat(s.hasReady()).isFalse();
        assertThat(s.running()).isEqualTo(1);
        s.succeeded(id("a"));
        assertThat(s.hasReady()).isFalse();
        assertThat(s.isComplete()).isTrue();
    }

    @Test
    void refusesToEndAStackThatIsNotRunning() {
        assertThatThrownBy(() -> state().succeeded(id("d"))).isInstanceOf(IllegalStateException.class);
    }


    @Test
    void aSlotlessStackStartsWhenEverySlotIsTakenAndTakesNoneItself() {
        // "e" only waits for something done elsewhere: it takes no slot
        ScheduleState s = new ScheduleState(g, CriticalPath.byCount(g), id -> id, id("e")::equals);
        assertThat(s.startNext(true)).isEqualTo(id("a"));
        assertThat(s.running()).isEqualTo(1);
        assertThat(s.hasReady(false)).isTrue();
        assertThat(s.startNext(false)).isEqualTo(id("e"));
        assertThat(s.running()).isEqualTo(1);
        assertThat(s.active()).isEqualTo(2);
        assertThat(s.hasReady(false)).isFalse();
        s.succeeded(id("e"));
        assertThat(s.active()).isEqualTo(1);
    }
}
