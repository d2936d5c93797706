package io.jenkins.plugins.stackdrift.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.BuildShards;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.ShardRoute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shard waits a step's parameters and the global setting give, the executors' words, and the board's file. */
class ShardWaitsTest {
    private final BuildShards board = new BuildShards(List.of(List.of("network"), List.of("dns")));
    private final StepSettings shard2 = new StepSettings(null, List.of(), 1).withShard(2, 2);

    @TempDir
    Path build;

    @Test
    void aCheckWaitsAnHourForARunningShardUnlessItsShardTimeoutSaysAndADeployItsLockTimeout() {
        StackDriftGlobalConfiguration.Defaults defaults = StackDriftGlobalConfiguration.Defaults.builtIn();

        ShardRoute check = ShardWaits.route(shard2, Operation.CHECK, defaults, board, () -> "");
        ShardRoute checkTwoMinutes = ShardWaits.route(shard2.withShardWaits(null, Duration.ofMinutes(2)), Operation.CHECK, defaults,
                board, () -> "");
        ShardRoute deploy = ShardWaits.route(shard2.withLocking(null, Duration.ofMinutes(30)), Operation.DEPLOY, defaults, board,
                () -> "");

        assertThat(check.waitTimeout()).isEqualTo(Duration.ofHours(1));
        assertThat(check.waitSetting()).isEqualTo("shardTimeout");
        assertThat(checkTwoMinutes.waitTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(deploy.waitTimeout()).isEqualTo(Duration.ofMinutes(30));
        assertThat(deploy.waitSetting()).isEqualTo("lockTimeout");
        // a deploy without lockTimeout waits for a running shard without a limit, as before
        assertThat(ShardWaits.route(shard2, Operation.DEPLOY, defaults, board, () -> "").waitTimeout()).isEqualTo(ShardRoute.NO_LIMIT);
    }

    @Test
    void theStartLimitIsTheStepsElseTheGlobalOneTenMinutesByDefault() {
        assertThat(StackDriftGlobalConfiguration.Defaults.builtIn().shardStartTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(shard2.shardStartTimeout()).isEmpty();
        assertThat(shard2.withShardWaits(Duration.ofMinutes(3), null).shardStartTimeout()).contains(Duration.ofMinutes(3));
        // the waits survive the other withers
        assertThat(shard2.withShardWaits(Duration.ofMinutes(3), Duration.ofMinutes(4)).withId("deploy-2").withLocking(null, Duration.ZERO)
                .shardTimeout()).contains(Duration.ofMinutes(4));

        DeployStacksStep step = new DeployStacksStep();
        step.setShardStartTimeout("300s");
        assertThat(step.getShardStartTimeout()).isEqualTo("5m");
        assertThat(step.settings().shardStartTimeout()).contains(Duration.ofMinutes(5));
        assertThatThrownBy(() -> step.setShardStartTimeout("five minutes")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shardStartTimeout: 'five minutes' is not a duration");
        CheckDriftStep check = new CheckDriftStep();
        check.setShardTimeout("2h");
        assertThat(check.settings().shardTimeout()).contains(Duration.ofHours(2));
        check.setShardTimeout(" ");
        assertThat(check.getShardTimeout()).isNull();
    }

    @Test
    void theExecutorsWordsNameEachLabelTheBuildWaitsForWithItsExecutors() {
        assertThat(ShardExecutors.words(List.of(new ShardExecutors.Waiting("deploy", 2, 2, 2))))
                .isEqualTo("it needs a free executor: 2 node blocks of this build wait for label 'deploy', which has 2 executors "
                        + "online, 2 busy. Give the label at least as many free executors as the build has shards, or raise "
                        + "shardStartTimeout");
        assertThat(ShardExecutors.words(List.of(new ShardExecutors.Waiting("", 1, -1, -1))))
                .startsWith("it needs a free executor: 1 node block of this build wait for any executor");
        assertThat(ShardExecutors.words(List.of())).contains("no node block of this build is in the queue now");
    }

    @Test
    void theBoardFileKeepsWhatARestartNeedsAndABrokenFileIsNoBoard() throws Exception {
        BoardFile file = new BoardFile(build);
        assertThat(file.read()).isEmpty();
        BuildShards.Saved saved = new BuildShards.Saved("abc", 2, List.of(List.of("dns", "DEPLOYED", "sha256:1")),
                Map.of(1, 10L, 2, 20L), Set.of(2), Map.of(1, "its step was running"));

        file.save(saved);

        assertThat(file.read()).contains(saved);
        assertThat(Files.readString(build.resolve(BoardFile.NAME))).doesNotContain("\\n");
        Files.writeString(build.resolve(BoardFile.NAME), "{\"posts\": [");
        assertThat(file.read()).isEmpty();
    }
}
