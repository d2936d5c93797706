package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.function.Predicate;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.record.DeployMarker;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.RunKind;
import io.stackdrift.record.RunRecord;
import io.stackdrift.tool.ToolAdapters;

/**
 * The engine's front door: one call per run kind. Every run goes through one {@link RunFrame} (read the
 * configuration, select, recover, run, save one {@link RunRecord}); what a run kind does is its own class
 * ({@link PreviewRun}, {@link DriftCheckRun}, {@link DeployRun}, {@link DestroyRun}). How a run goes: docs/engine.md.
 *
 * <p>One engine may serve many runs; each run makes its own tool adapters, so a deploy applies only plans made in
 * that run (docs/digest.md, freshness). Never throws for bad input or a failing tool: those become problems or
 * failed rows.
 */
public final class StackDriftEngine {
    private final RunFrame frame;

    /** An engine that judges deploy markers as the CLI does ({@link HistoryStore#isRunningHere}). */
    public StackDriftEngine(final EngineServices services) {
        this(services, HistoryStore::isRunningHere);
    }

    /**
     * @param stillRunning whether the run that wrote a deploy marker is still going (Jenkins: the build named by
     *                     the marker's run id is building); markers of runs that are not become "interrupted"
     */
    public StackDriftEngine(final EngineServices services, final Predicate<DeployMarker> stillRunning) {
        this(services, stillRunning, null);
    }

    StackDriftEngine(final EngineServices services, final Predicate<DeployMarker> stillRunning, final AdapterFactory adapters) {
        AdapterFactory factory = adapters != null ? adapters
                : (tool, references) -> ToolAdapters.forTool(tool, services.tools(), services.processes(), references);
        this.frame = new RunFrame(services, stillRunning, factory);
    }

    /** Check mode (docs/configuration.md, "Check mode"): reads files only. */
    public ConfigResult validate(final Path configFile, final Path repositoryRoot) {
        return ConfigLoader.load(configFile, repositoryRoot);
    }

    /** Previews every selected stack: rows with pending changes, drift and depends-on. */
    public RunOutcome preview(final RunRequest request) {
        return frame.execute(request, RunKind.PREVIEW, new PreviewRun());
    }

    /** A drift check of the due stacks, applying each stack's drift mode. */
    public RunOutcome check(final RunRequest request) {
        return frame.execute(request, RunKind.CHECK, new DriftCheckRun());
    }

    /** A dependency-aware deploy; with {@link RunRequest#destroy()} a {@link #destroy} in reverse dependency order. */
    public RunOutcome deploy(final RunRequest request) {
        return frame.execute(request, RunKind.DEPLOY, request.destroy() ? new DestroyRun() : new DeployRun());
    }

    /** A destroy of the selected stacks in reverse dependency order, whatever {@link RunRequest#destroy()} says. */
    public RunOutcome destroy(final RunRequest request) {
        return deploy(request.withDestroy(true));
    }
}
