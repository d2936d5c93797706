package io.stackdrift.shard;

import static io.stackdrift.shard.ShardPlannerTest.graph;
import static io.stackdrift.shard.ShardPlannerTest.id;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.ShardOutcome;
import io.stackdrift.model.StackId;

class ShardBoardTest {
    // network in shard 1, dns (needs network and local) in shard 2 of 2
    private final StackGraph g = graph("network", "", "local", "", "dns", "network,local");
    private final ShardPlan plan = ShardPlan.of(List.of(new TreeSet<>(List.of(id("network"))),
            new TreeSet<>(List.of(id("dns"), id("local")))), 0);
    private final ShardBoard board = ShardBoard.of(plan);

    private ShardBoard fresh() {
        return ShardBoard.of(plan);
    }

    @Test
    void aStackWaitsForItsDependencyInAnotherShardAndSaysSoInOneLine() {
        ShardBoard.Decision d = board.decide(id("dns"), g);

        assertThat(d.verdict()).isEqualTo(ShardBoard.Verdict.WAIT);
        assertThat(d.dependency()).contains(id("network"));
        assertThat(d.shard()).isEqualTo(1);
        assertThat(board.waitLine(id("dns"), id("network"))).isEqualTo("dns waits for network, in shard 1 of 2");
        // its own shard orders "local": the board leaves that to the shard
        assertThat(fresh().post(id("network"), ShardOutcome.DEPLOYED).decide(id("dns"), g).verdict()).isEqualTo(ShardBoard.Verdict.GO);
    }

    @Test
    void anUnchangedDependencyLetsItGo() {
        assertThat(fresh().post(id("network"), ShardOutcome.UNCHANGED).decide(id("dns"), g).verdict()).isEqualTo(ShardBoard.Verdict.GO);
    }

    @Test
    void aDependencyThatDidNotDeploySkipsItWithTheReason() {
        assertThat(fresh().post(id("network"), ShardOutcome.FAILED).decide(id("dns"), g).reason())
                .isEqualTo("dependency network failed in shard 1 of 2");
        assertThat(fresh().post(id("network"), ShardOutcome.SKIPPED).decide(id("dns"), g).reason())
                .isEqualTo("dependency network was skipped in shard 1 of 2");
        assertThat(fresh().post(id("network"), ShardOutcome.AWAITING_APPROVAL).decide(id("dns"), g).reason())
                .isEqualTo("dependency network awaits approval in shard 1 of 2");
        assertThat(fresh().post(id("network"), ShardOutcome.INTERRUPTED).decide(id("dns"), g).verdict())
                .isEqualTo(ShardBoard.Verdict.SKIP);
    }

    @Test
    void aShardThatIsGoneFailsTheStackUnlessItsEndOrThePostCameFirst() {
        ShardBoard.Decision d = fresh().gone(1, "its process, pid 7 on this machine, ended without ending the shard")
                .decide(id("dns"), g);

        assertThat(d.verdict()).isEqualTo(ShardBoard.Verdict.FAIL);
        assertThat(d.reason()).isEqualTo("dependency network was not deployed: shard 1 of 2 is gone (its process, pid 7 on this "
                + "machine, ended without ending the shard)");
        assertThat(fresh().gone(1, "gone").end(1).decide(id("dns"), g).verdict()).isEqualTo(ShardBoard.Verdict.SKIP);
        assertThat(fresh().gone(1, "gone").post(id("network"), ShardOutcome.DEPLOYED).decide(id("dns"), g).verdict())
                .isEqualTo(ShardBoard.Verdict.GO);
    }

    @Test
    void aShardThatEndedWithoutDeployingTheDependencySkipsIt() {
        ShardBoard.Decision d = fresh().end(1).decide(id("dns"), g);

        assertThat(d.verdict()).isEqualTo(ShardBoard.Verdict.SKIP);
        assertThat(d.reason()).isEqualTo("dependency network was not deployed: shard 1 of 2 ended without it");
        // what it posted before it ended still counts
        assertThat(fresh().post(id("network"), ShardOutcome.DEPLOYED).end(1).decide(id("dns"), g).verdict())
                .isEqualTo(ShardBoard.Verdict.GO);
    }

    @Test
    void aStackEndsOncePerRunAndTheBoardKnowsWhenTheRunIsOver() {
        ShardBoard posted = fresh().post(id("network"), ShardOutcome.DEPLOYED);

        assertThat(posted.post(id("network"), ShardOutcome.DEPLOYED)).isSameAs(posted);
        assertThatThrownBy(() -> posted.post(id("network"), ShardOutcome.FAILED)).hasMessageContaining("already ended");
        assertThatThrownBy(() -> board.post(StackId.of("elsewhere"), ShardOutcome.FAILED)).hasMessageContaining("in no shard");
        assertThat(board.ownerOf(id("dns"))).isEqualTo(2);
        assertThat(fresh().outcome(id("network"))).isEmpty();
        assertThat(posted.end(1).complete()).isFalse();
        assertThat(posted.end(1).end(2).complete()).isTrue();
        assertThat(posted.outcomes()).containsEntry(id("network"), ShardOutcome.DEPLOYED);
        assertThat(posted.endedShards()).containsExactly(1, 2);
    }
}
