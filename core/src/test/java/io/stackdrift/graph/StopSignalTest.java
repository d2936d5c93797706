package io.stackdrift.graph;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class StopSignalTest {
    @Test
    void aKillMayFollowALetFinishButNotTheOtherWayRound() {
        StopSignal signal = new StopSignal();
        List<StopMode> heard = new ArrayList<>();
        signal.subscribe(heard::add);

        signal.stop(StopMode.LET_RUNNING_FINISH);
        signal.stop(StopMode.KILL_RUNNING);
        signal.stop(StopMode.LET_RUNNING_FINISH);

        assertThat(signal.requested()).contains(StopMode.KILL_RUNNING);
        assertThat(heard).containsExactly(StopMode.LET_RUNNING_FINISH, StopMode.KILL_RUNNING);
    }
}
