package io.stackdrift.engine;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.config.Durations;
import io.stackdrift.config.StackConfig;
import io.stackdrift.graph.RunOrders;
import io.stackdrift.graph.StackGraph;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.RunOrder;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.spi.HistoryView;
import io.stackdrift.spi.ReportListener;
import io.stackdrift.tool.StackReferenceResolver;
import io.stackdrift.tool.ToolAdapter;
import io.stackdrift.tool.ToolAdapters;

/**
 * The engine's front door: one call per operation, and the only thing of the core a host calls besides the model
 * values, the records, the rendering and the ports of {@code spi}. Every run goes through one
 * {@link RunFrame} (read the configuration once, select, recover, run, return one {@link RunRecord}); what a run
 * kind does is its own class ({@link PreviewRun}, {@link DriftCheckRun}, {@link DeployRun}, {@link DestroyRun}).
 * The engine writes no history: a {@link RunOutcome} carries everything the host saves (docs/engine.md).
 *
 * <p>One engine may serve many runs; each run makes its own tool adapters, so a deploy applies only plans made in
 * that run (docs/digest.md, freshness). Never throws for bad input or a failing tool: those become problems or
 * failed rows. The operations that run no tool ({@link #validate}, {@link #inspect}, {@link #report},
 * {@link #graph}) need none of the services and are static.
 */
public final class StackDriftEngine {
    private final RunFrame frame;

    public StackDriftEngine(final EngineServices services) {
        this(services, null, null);
    }

    /**
     * An engine whose runs take their configuration from {@code alreadyRead} (an {@link #inspect} of the same file
     * by the same host, earlier in the same step) instead of reading the file again.
     */
    public StackDriftEngine(final EngineServices services, final Inspection alreadyRead) {
        this(services, null, alreadyRead);
    }

    StackDriftEngine(final EngineServices services, final AdapterFactory adapters) {
        this(services, adapters, null);
    }

    private StackDriftEngine(final EngineServices services, final AdapterFactory adapters, final Inspection alreadyRead) {
        AdapterFactory factory = adapters != null ? adapters : new AdapterFactory() {
            @Override
            public ToolAdapter create(final Tool tool, final StackReferenceResolver references) {
                return create(tool, references, ValueKey.NONE);
            }

            @Override
            public ToolAdapter create(final Tool tool, final StackReferenceResolver references, final ValueKey key) {
                return ToolAdapters.forTool(tool, services.tools(), services.processes(),
                        ToolAdapters.planReading(services.workDir(), key), references);
            }
        };
        this.frame = new RunFrame(services, factory, alreadyRead);
    }

    /** Check mode (docs/configuration.md, "Check mode"): reads files only, every stack. */
    public static Inspection validate(final Path configFile, final Path repositoryRoot) {
        return inspect(configFile, repositoryRoot, List.of());
    }

    /** The configuration and the stacks {@code stacks} (ids or globs; empty = all) select; reads files only. */
    public static Inspection inspect(final Path configFile, final Path repositoryRoot, final List<String> stacks) {
        return Inspection.of(configFile, repositoryRoot, stacks);
    }

    /** Previews every selected stack: rows with pending changes, drift and depends-on. */
    public RunOutcome preview(final RunRequest request) {
        return frame.execute(request, RunKind.PREVIEW, new PreviewRun());
    }

    /** A drift check of the due stacks, applying each stack's drift mode. */
    public RunOutcome check(final RunRequest request) {
        return frame.execute(request, RunKind.CHECK, new DriftCheckRun());
    }

    /** A dependency-aware deploy; of {@link DeployKind#DESTROY}, a destroy in reverse dependency order. */
    public RunOutcome deploy(final RunRequest request) {
        return frame.execute(request, RunKind.DEPLOY, request.kind() == DeployKind.DESTROY ? new DestroyRun() : new DeployRun());
    }

    /**
     * One shard of a deploy split over several processes or agents (docs/concepts.md, "Shards"): the selection is split
     * as {@link #shards} splits it (the first shard to start fixes the split for all), this run deploys the stacks of
     * {@code shard}, and a stack whose dependency another shard deploys waits for it on the exchange.
     *
     * @throws IllegalArgumentException for a destroy: destroys are not split into shards
     */
    public RunOutcome deploy(final RunRequest request, final ShardRun shard) {
        if (request.kind() == DeployKind.DESTROY) {
            throw new IllegalArgumentException("a destroy is not split into shards");
        }
        return frame.execute(request, RunKind.DEPLOY, new DeployRun(), Optional.of(shard));
    }

    /** One shard of a drift check: the stacks of {@code shard}, the selection split as {@link #deploy(RunRequest, ShardRun)} splits it. */
    public RunOutcome check(final RunRequest request, final ShardRun shard) {
        return frame.execute(request, RunKind.CHECK, new DriftCheckRun(), Optional.of(shard));
    }

    /**
     * How a deploy of the stacks {@code stacks} selects would be split into {@code count} shards running
     * {@code parallelism} stacks at once each (docs/concepts.md, "Shards"): weights from each stack's last deploy in
     * {@code history}. Reads files only.
     */
    public static ShardsOutcome shards(final Path configFile, final Path repositoryRoot, final HistoryView history,
            final List<String> stacks, final int count, final OptionalInt parallelism) {
        return ShardsOutcome.of(configFile, repositoryRoot, history, stacks, count, parallelism);
    }

    /** A report of plan and preview files a tool produced elsewhere: each file read once, streaming; no tool runs. */
    public static RunOutcome report(final ReportRequest request, final Clock clock, final ReportListener listener) {
        return ReportRun.run(request, clock, listener);
    }

    /** A duration in the configuration's words ({@code 30s}, {@code 15m}, {@code 1h30m}), for a host's own options. */
    public static Optional<Duration> duration(final String text) {
        return Durations.parse(text);
    }

    /** The shortest word for a duration in the configuration's words ({@code 1h30m}, {@code 2d}); zero is {@code 0}. */
    public static String durationWord(final Duration duration) {
        return Durations.format(duration);
    }

    /**
     * The order a deploy of every stack would run in: the file's {@code dependsOn} and, for {@code dependsOn: auto},
     * the stack references of each stack's latest row in {@code history}.
     */
    public static RunOrderOutcome graph(final Path configFile, final Path repositoryRoot, final HistoryView history) {
        ConfigResult result = ConfigLoader.load(configFile, repositoryRoot);
        if (!result.isValid()) {
            return new RunOrderOutcome(Optional.empty(), result.problems(), result.warnings());
        }
        Map<StackId, List<StackId>> fileEdges = new TreeMap<>();
        for (StackConfig stack : result.config().stacks()) {
            fileEdges.put(stack.id(), stack.dependsOn());
        }
        Map<StackId, List<StackId>> recorded = RunContext.recordedDependsOn(history.stackStatuses(fileEdges.keySet()));
        RunOrder order = RunOrders.of(StackGraph.of(result.config(), recorded), fileEdges);
        return new RunOrderOutcome(Optional.of(order), List.of(), result.warnings());
    }
}
