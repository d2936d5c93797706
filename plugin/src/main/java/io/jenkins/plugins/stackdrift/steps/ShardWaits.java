package io.jenkins.plugins.stackdrift.steps;

import java.time.Duration;
import java.util.function.Supplier;

import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.StepDurations;
import io.jenkins.plugins.stackdrift.agent.BuildShards;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.ShardRoute;
import io.jenkins.plugins.stackdrift.agent.ShardStartLimit;

/**
 * How long a shard step's stacks wait on the build's board: a deploy waits for a running shard's stack its
 * {@code lockTimeout}, a check its {@code shardTimeout} (an hour unless it says); both wait for a shard whose step has
 * not started at most their {@code shardStartTimeout}, else the global one, and then name the executors the build
 * waits for.
 */
final class ShardWaits {
    /** How long a check's stack waits for a running shard's stack when its step gives no {@code shardTimeout}. */
    static final Duration CHECK_SHARD_WAIT = Duration.ofHours(1);

    private ShardWaits() {
    }

    /** The route of the step's shard on {@code board}; {@code shortage} is asked only once a start limit passed. */
    static ShardRoute route(final StepSettings settings, final Operation operation, final StackDriftGlobalConfiguration.Defaults defaults,
            final BuildShards board, final Supplier<String> shortage) {
        boolean check = operation == Operation.CHECK;
        Duration wait = check ? settings.shardTimeout().orElse(CHECK_SHARD_WAIT) : settings.lockTimeout();
        Duration start = settings.shardStartTimeout().orElse(defaults.shardStartTimeout());
        ShardStartLimit limit = start.isZero() ? ShardStartLimit.none()
                : new ShardStartLimit(start, StepDurations.format(start), shortage);
        return ShardRoute.of(settings.shardNumber(), board, wait, check ? "shardTimeout" : "lockTimeout", limit);
    }
}
