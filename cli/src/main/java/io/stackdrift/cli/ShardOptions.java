package io.stackdrift.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine;
import picocli.CommandLine.Option;

import io.stackdrift.engine.ShardRun;
import io.stackdrift.engine.StackDriftEngine;
import io.stackdrift.local.FileShardExchange;

/**
 * {@code --shard I/N}, {@code --shard-run ID} and {@code --shard-wait DURATION} of deploy and check (docs/cli.md,
 * "Shards"): this process runs shard I of the N the selection is split into, and the shards of one run, sharing the
 * record directory, wait for each other's stacks through {@code <record>/shards/<ID>/}.
 */
final class ShardOptions {
    private static final Pattern SHARD = Pattern.compile("([0-9]{1,4})/([0-9]{1,4})");
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    /** How often a waiting stack reads the board again: a file listing, cheap next to any tool. */
    private static final Duration POLL = Duration.ofMillis(250);
    /** What "no limit" waits: longer than any run. */
    private static final Duration NO_LIMIT = Duration.ofDays(365);

    @Option(names = "--shard", paramLabel = "I/N",
            description = "Run shard I of N: the selection is split into N shards (as 'stackdrift graph --shards N' shows) and this "
                    + "process deploys shard I; a stack whose dependency another shard deploys waits for it. Needs --shard-run.")
    String shard;

    @Option(names = "--shard-run", paramLabel = "ID",
            description = "The id every shard of one run shares (e.g. the CI pipeline's id): letters, digits, '.', '_' and '-'. The "
                    + "shards coordinate through <record>/shards/ID/.")
    String runId;

    @Option(names = "--shard-wait", paramLabel = "DURATION",
            description = "With --shard: how long a stack waits for a dependency another shard deploys before it fails (default: "
                    + "30m, as long as for a deploy lock; 0: no limit).")
    String shardWait;

    boolean given() {
        return shard != null || runId != null;
    }

    /**
     * The shard this process runs, its board in {@code recordDir}, its waits limited by {@code --shard-wait} or else
     * {@code lockTimeout}; a bad value is a usage error naming the option.
     */
    Optional<ShardRun> run(final CommandLine commandLine, final Path recordDir, final Duration lockTimeout) {
        if (!given()) {
            return Optional.empty();
        }
        if (shard == null) {
            throw new CommandLine.ParameterException(commandLine, "--shard-run needs --shard I/N");
        }
        Matcher m = SHARD.matcher(shard.strip());
        if (!m.matches()) {
            throw new CommandLine.ParameterException(commandLine, "--shard: '" + shard + "' is not I/N; write e.g. --shard 2/4");
        }
        int number = Integer.parseInt(m.group(1));
        int count = Integer.parseInt(m.group(2));
        if (count < 1 || number < 1 || number > count) {
            throw new CommandLine.ParameterException(commandLine,
                    "--shard " + shard + ": I must be between 1 and N, and N at least 1");
        }
        if (runId == null) {
            throw new CommandLine.ParameterException(commandLine, "--shard needs --shard-run ID: one id shared by every shard of this "
                    + "run (e.g. the CI pipeline's id), so that shards of different runs never read each other's stacks");
        }
        if (!RUN_ID.matcher(runId).matches()) {
            throw new CommandLine.ParameterException(commandLine, "--shard-run: '" + Terminal.safe(runId) + "' is not an id; use "
                    + "letters, digits, '.', '_' and '-' (at most 64, starting with a letter or digit)");
        }
        Duration wait = lockTimeout;
        if (shardWait != null) {
            wait = StackDriftEngine.duration(shardWait.strip()).map(d -> d.isZero() ? NO_LIMIT : d)
                    .orElseThrow(() -> new CommandLine.ParameterException(commandLine, "--shard-wait: '" + Terminal.safe(shardWait)
                            + "' is not a duration; write e.g. 90s, 30m or 1h30m (0: no limit)"));
        }
        return Optional.of(new ShardRun(number, count,
                new FileShardExchange(recordDir.resolve("shards").resolve(runId), wait, POLL)));
    }
}
