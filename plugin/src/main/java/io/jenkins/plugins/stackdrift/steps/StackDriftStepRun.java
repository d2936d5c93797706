package io.jenkins.plugins.stackdrift.steps;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.AbortException;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.BuildResultPolicy;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.actions.BuildSummary;
import io.jenkins.plugins.stackdrift.actions.CredentialsWithheldAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftInterruptedAction;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.BuildShards;
import io.jenkins.plugins.stackdrift.agent.ControllerLife;
import io.jenkins.plugins.stackdrift.agent.EngineAttachment;
import io.jenkins.plugins.stackdrift.agent.EngineGateway;
import io.jenkins.plugins.stackdrift.agent.EngineRequest;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.ShardRoute;
import io.jenkins.plugins.stackdrift.checks.ChangeRequestChecks;
import io.jenkins.plugins.stackdrift.credentials.ChangeTrust;
import io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment;
import io.jenkins.plugins.stackdrift.credentials.CredentialsSource;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.ControllerClock;
import io.jenkins.plugins.stackdrift.history.JobHistory;
import io.jenkins.plugins.stackdrift.history.JobStackLocks;
import io.jenkins.plugins.stackdrift.history.RunDetails;
import io.jenkins.plugins.stackdrift.history.SavedStackLocks;
import io.jenkins.plugins.stackdrift.trigger.ApprovalRules;
import org.jenkinsci.plugins.workflow.actions.WarningAction;
import org.jenkinsci.plugins.workflow.graph.FlowNode;

import io.stackdrift.model.DeployMode;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;

/**
 * One step call on the controller: the agent's selection, credentials bound as the controller's lists allow, locks, the
 * engine run on the agent, the record, history, action, result and map. Jenkins objects come in through the constructor.
 */
final class StackDriftStepRun {
    private final StepSettings settings;
    private final Operation operation;
    private final Run<?, ?> run;
    private final TaskListener listener;
    private final EngineGateway gateway;
    private final CredentialsEnvironment credentials;
    private final StackDriftGlobalConfiguration.Defaults defaults;
    private final Map<String, String> buildEnvironment;
    private final JobHistory history;
    @CheckForNull private final FlowNode node;
    private final ChangeTrust.Revisions revisions;
    /** What approvals of this step's stacks demand ({@link #withApprovals}); the defaults otherwise. */
    private final ApprovalRules approvalRules;
    /** The job's key of plan values (hex), handed to the agent; empty: values are not digested. */
    private final String valueKey;
    /** The checkout's revision(s), from the build's SCMs, for a job that is not a branch of a source; empty: unknown. */
    private final String checkoutCommit;
    /** The controller this step runs in: once it shuts down, the step resumes in the next one and this one does nothing. */
    private final ControllerLife life;

    /** A step whose job is not a branch of an SCM source: its checkout's credentials mapping is the one used. */
    StackDriftStepRun(final StepSettings settings, final Operation operation, final Run<?, ?> run,
            final TaskListener listener, final EngineGateway gateway, final CredentialsEnvironment credentials,
            final StackDriftGlobalConfiguration.Defaults defaults, final Map<String, String> buildEnvironment,
            final JobHistory history, @CheckForNull final FlowNode node) {
        this(settings, operation, run, listener, gateway, credentials, defaults, buildEnvironment, history, node,
                TrustedMapping.NOT_FROM_SOURCE);
    }

    /** @param revisions the build's revisions, which decide whose credentials mapping is trusted ({@link ChangeTrust}) */
    StackDriftStepRun(final StepSettings settings, final Operation operation, final Run<?, ?> run,
            final TaskListener listener, final EngineGateway gateway, final CredentialsEnvironment credentials,
            final StackDriftGlobalConfiguration.Defaults defaults, final Map<String, String> buildEnvironment,
            final JobHistory history, @CheckForNull final FlowNode node, final ChangeTrust.Revisions revisions) {
        this.revisions = revisions;
        this.settings = settings;
        this.operation = operation;
        this.run = run;
        this.listener = listener;
        this.gateway = gateway;
        this.credentials = credentials;
        this.defaults = defaults;
        this.buildEnvironment = new LinkedHashMap<>(buildEnvironment);
        this.history = history;
        this.node = node;
        this.approvalRules = ApprovalRules.DEFAULT;
        this.valueKey = "";
        this.checkoutCommit = "";
        this.life = ControllerLife.none();
    }

    private StackDriftStepRun(final StackDriftStepRun base, final ApprovalRules rules, final String key, final String checkout,
            final ControllerLife life) {
        this.revisions = base.revisions;
        this.settings = base.settings;
        this.operation = base.operation;
        this.run = base.run;
        this.listener = base.listener;
        this.gateway = base.gateway;
        this.credentials = base.credentials;
        this.defaults = base.defaults;
        this.buildEnvironment = base.buildEnvironment;
        this.history = base.history;
        this.node = base.node;
        this.approvalRules = rules;
        this.valueKey = key;
        this.checkoutCommit = checkout;
        this.life = life;
    }

    /**
     * The same step run with what approvals need: the rules an approval of its stacks gets (the step's within the
     * job's), the job's key of plan values (hex) and the checkout's revision for a job that is not a branch of a source.
     */
    StackDriftStepRun withApprovals(final ApprovalRules rules, final String key, final String checkout) {
        return new StackDriftStepRun(this, rules, key, checkout, life);
    }

    /** The same step run in {@code controller}: once that shuts down, the step does nothing more (it resumes in the next). */
    StackDriftStepRun in(final ControllerLife controller) {
        return new StackDriftStepRun(this, approvalRules, valueKey, checkoutCommit, controller);
    }

    Map<String, Object> run() throws IOException, InterruptedException {
        return run(false);
    }

    /**
     * The same step after a restart before its durable engine started (reading, binding, waiting for a lock): nothing of
     * it ran, so it runs again from the start, its old locks let go and its unstarted deploys' markers taken back.
     */
    Map<String, Object> again() throws IOException, InterruptedException {
        listener.getLogger().println("Stack Drift: resumed after a restart of the controller, before the " + operation.word()
                + " had started its engine: it runs again from the start");
        try (JobStackLocks.Held before = locks().reclaim()) {
            if (!before.stacks().isEmpty()) {
                JobHistory.withoutInterrupt(() -> history.forgetUnstarted(request().runId(), before.stacks()));
            }
        }
        return run(true);
    }

    /** @param again whether the step runs again after a restart (its id is its own already) */
    private Map<String, Object> run(final boolean again) throws IOException, InterruptedException {
        BuildResultPolicy policy = resultPolicy();
        EngineRequest request = request();
        PrintStream log = listener.getLogger();
        if (operation == Operation.VALIDATE || operation == Operation.GRAPH) {
            return validate(request, log);
        }
        // before anything runs: a second step with this id in the build fails here, having done nothing
        StepIds.Claim claim = again ? StepIds.reclaim(run, stepId()) : StepIds.claim(run, stepId());
        try {
            if (settings.shardCount() == 0) {
                return recorded(policy, request, log, null);
            }
            BuildShards board = BuildShardsAction.boardFor(run, settings, operation);
            // this shard has an executor now: the others' waits for it are waits for a running shard
            board.start(settings.shardNumber());
            if (gateway.durable()) {
                // a restart from here on resumes or reruns this shard: the others keep waiting for it
                board.runsDurably(settings.shardNumber());
            }
            try {
                return recorded(policy, request, log, board);
            } finally {
                // however the step ended (a lock timeout, bad credentials, an abort): the other shards stop waiting for it
                board.end(settings.shardNumber());
            }
        } finally {
            claim.close();
        }
    }

    private BuildResultPolicy resultPolicy() {
        return new BuildResultPolicy(BuildResultPolicy.parse(settings.driftResultOr(defaults.driftResult())),
                BuildResultPolicy.parse(settings.failedResultOr(defaults.failedResult())),
                BuildResultPolicy.parse(settings.repairedResultOr("SUCCESS")));
    }

    private StepLocks locks() {
        return new StepLocks(run, settings, operation, defaults, stepId(), life);
    }

    /** The step's id: as the step resolved it, else (settings made without a step) its word. */
    private String stepId() {
        return settings.id().isEmpty() ? StepIds.defaultFor(operation, settings.kind()) : settings.id();
    }

    /** @param board the build's board when the step runs one shard of it; null for a step of its own */
    private Map<String, Object> recorded(final BuildResultPolicy policy, final EngineRequest requested, final PrintStream log,
            @CheckForNull final BuildShards board) throws IOException, InterruptedException {
        // a shard's own stacks are what it binds and locks; the engine gets the whole partition and runs this shard of it
        List<String> own = board == null ? List.of() : board.shard(settings.shardNumber());
        EngineRequest request = board == null ? requested : requested.withStacks(own);
        // a lock scope outside the job's folders fails the step before anything is read or bound
        locks().scope();
        AgentOutcome selected = board != null && own.isEmpty() ? AgentOutcome.builder().build() : inspected(request, log);
        ApprovalFlow approvals = ApprovalFlow.of(run, operation, settings.kind(), log);
        AgentOutcome selection = approvals.selection(selected, log);
        EngineRequest asked = approvals.approved() ? request.withStacks(new ArrayList<>(selection.selectedStacks().keySet())) : request;
        CredentialsSource source = ChangeTrust.decide(revisions, settings.config(), settings.untrustedChanges());
        Ran ran = locked(asked.withPolicyChecks(TrustedMapping.policyChecks(source, selected, request.configFile())), selection,
                bound(source, selection, log), board, log);
        return reported(policy, ran, approvals, log);
    }

    /** The stacks the agent finds for the request; configuration problems fail the step. */
    private AgentOutcome inspected(final EngineRequest request, final PrintStream log) throws IOException, InterruptedException {
        AgentOutcome selection = gateway.read(Operation.INSPECT, request);
        failOnProblems(selection, log);
        return selection;
    }

    /** The selected stacks' credentials, bound as the trusted mapping says; each stack that gets none is said in the log. */
    private StackCredentials bound(final CredentialsSource source, final AgentOutcome selection, final PrintStream log)
            throws IOException, InterruptedException {
        StackCredentials resolved = credentials.resolve(TrustedMapping.of(source, selection, settings.config(), log));
        if (source.kind() == CredentialsSource.Kind.NONE && !selection.selectedStacks().isEmpty()) {
            run.addAction(new CredentialsWithheldAction(stepId(), source.reason()));
        }
        resolved.failures().forEach((stack, reason) -> log.println("Stack Drift: " + stack + ": " + reason));
        return resolved;
    }

    /** The engine's run under the stacks' locks, with deploy markers for what it deploys. */
    private Ran locked(final EngineRequest request, final AgentOutcome selection, final StackCredentials resolved,
            @CheckForNull final BuildShards board, final PrintStream log) throws IOException, InterruptedException {
        try (JobStackLocks.Held locks = locks().take(selection.selectedStacks().keySet(), request.mode() == DeployMode.REHEARSAL, log)) {
            locks.busy().forEach((stack, holder) -> log.println("Stack Drift: " + stack + ": " + holder
                    + " holds it; it is not checked in this run"));
            List<String> historyFiles = history.snapshot(SavedStackLocks.buildingIn(run.getParent()));
            // a rehearsal applies nothing: no marker (a restart would report a deploy that never was)
            Set<String> deploying = EngineAttachment.deploying(operation, request.mode(), locks.stacks());
            if (!deploying.isEmpty()) {
                history.markDeploying(deploying, request.runId(), ControllerClock.nowMillis(), request.kind());
            }
            return ran(() -> board == null
                    ? gateway.run(operation, request, resolved, history.directory(), historyFiles, locks.stacks(),
                            locks.busy().keySet())
                    : gateway.run(operation, request.withStacks(board.stacks()), resolved, history.directory(), historyFiles,
                            locks.stacks(), locks.busy().keySet(),
                            ShardWaits.route(settings, operation, defaults, board, () -> ShardExecutors.shortage(run))),
                    deploying, request.runId(), log);
        }
    }

    /**
     * The same step after a restart of the controller: its engine ran on in its agent's step directory; the step follows
     * it to its end and records it as an uninterrupted step would. Its stack locks came back with the controller
     * ({@code SavedStackLocks}): the step takes them back, and lets go of them when it ends.
     */
    @SuppressWarnings("try") // the locks are only closed: they are let go when the step ends
    Map<String, Object> resumed(final EngineAttachment attachment) throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        log.println("Stack Drift: resumed after a restart of the controller: following the " + operation.word()
                + (attachment.shard() == 0 ? "" : " of shard " + attachment.shard()) + " that went on on the agent");
        ApprovalFlow approvals = ApprovalFlow.of(run, operation, settings.kind(), log);
        EngineRequest request = request();
        // the id is this step's again: a step started after the restart cannot take it while this one runs
        BuildShards board = attachment.shard() == 0 ? null : BuildShardsAction.boardFor(run, settings, operation);
        StepIds.Claim claim = StepIds.reclaim(run, stepId());
        try (JobStackLocks.Held locks = locks().reclaim()) {
            ShardRoute route = board == null ? ShardRoute.none()
                    : ShardWaits.route(settings, operation, defaults, board, () -> ShardExecutors.shortage(run));
            Ran ran = ran(() -> gateway.resume(attachment, buildEnvironment, route), attachment.deploying(), request.runId(), log);
            return reported(resultPolicy(), ran, approvals, log);
        } finally {
            if (board != null) {
                board.end(attachment.shard());
            }
            claim.close();
        }
    }

    /** A call of the engine through the gateway. */
    private interface EngineCall {
        AgentOutcome call() throws IOException, InterruptedException;
    }

    /** What the engine ran and the record saved of it. */
    private record Ran(AgentOutcome outcome, RunRecord record) {
    }

    /**
     * Runs {@code call} and saves its record; {@code deploying}'s markers are finished after a run, and become
     * interrupted trail entries after an abort, a lost agent or any failure (the deploys' outcome is unknown: never
     * deleted).
     */
    private Ran ran(final EngineCall call, final Set<String> deploying, final String runId, final PrintStream log)
            throws IOException, InterruptedException {
        boolean interrupted = false;
        try {
            AgentOutcome outcome;
            try {
                outcome = call.call();
            } catch (InterruptedException | IOException | RuntimeException e) {
                // a controller that shut down under the call: the resumed step owns the markers, locks and files
                life.stayIfEnded(log, "the step goes on after the restart");
                // remoting's RequestAbortedException, for a lost agent, is a RuntimeException
                interrupted = true;
                interrupted(deploying, runId, e, log);
                failIfLost(deploying, e);
                throw e;
            }
            return new Ran(outcome, saved(outcome, log));
        } finally {
            if (!interrupted) {
                finishDeploying(deploying);
            }
        }
    }

    private void finishDeploying(final Set<String> deploying) {
        if (!deploying.isEmpty()) {
            JobHistory.withoutInterrupt(() -> {
                history.finishDeploying(deploying);
                return null;
            });
        }
    }

    /**
     * The engine's warnings printed (masked on the agent), problems failing the step, and the run stored into the build
     * directory and the job history.
     */
    private RunRecord saved(final AgentOutcome outcome, final PrintStream log) throws IOException, InterruptedException {
        // the engine prints its notes as progress (masked, from the agent); configuration warnings are the
        // host's to print, once, here (masked on the agent before they crossed)
        outcome.warnings().forEach(w -> log.println("Stack Drift: warning: " + w));
        failOnProblems(outcome, log);
        RunRecord stored = gateway.storeRecord(RunDetails.createDirectoryFor(run.getRootDir(), stepId()))
                .orElseThrow(() -> new AbortException("Stack Drift: the " + operation.word() + " left no record"));
        JobHistory.withoutInterrupt(() -> history.save(outcome.toSave(stored)));
        return stored;
    }

    /** The build's action, approval link, counts line and result, and the step's map. */
    private Map<String, Object> reported(final BuildResultPolicy policy, final Ran ran, final ApprovalFlow approvals,
            final PrintStream log) {
        RunRecord record = ran.record();
        BuildSummary summary = BuildSummary.of(record);
        // added, not replaced: the build's other steps keep their own actions (each with its id)
        run.addAction(new StackDriftRunAction(stepId(), summary));
        approvals.leave(record, new ApprovalLink.Shown(ran.outcome().approvalPins(), commit(), approvalRules), log);
        log.println("Stack Drift: " + CountsLine.text(record.counts(), false));
        Result result = policy.resultFor(record.counts());
        if (result.ordinal > Result.SUCCESS.ordinal) {
            run.setResult(result);
            // the build result alone leaves the stage green in Stage View and Pipeline Graph; the step's node says it
            if (node != null) {
                node.addOrReplaceAction(new WarningAction(result));
            }
        }
        ChangeRequestChecks.publish(settings.publishesChecks(operation) && revisions.changeRequest(), stepId(), record, result,
                () -> ChangeRequestChecks.checksApi(run, listener), log);
        return ResultMaps.of(record, result.toString());
    }

    /**
     * The build was aborted or the agent was lost while the engine ran: this build's deploy markers become
     * "interrupted" trail entries now (not deleted: what the tools did is unknown), with the interrupt flag
     * cleared while the history is written. Before the locks are released and the temporary directory is
     * deleted, the agent call gets a few seconds to stop its tools.
     */
    private void interrupted(final Set<String> deploying, final String runId, final Exception cause, final PrintStream log) {
        if (AgentLoss.lost(cause)) {
            // a lost agent: one line per stack it was deploying, no remote stack trace
            AgentLoss.lines(operation.word(), deploying, cause).forEach(line -> log.println("Stack Drift: " + line));
        } else {
            // an abort says no more than that; a call that failed says how it ended
            log.println("Stack Drift: the " + operation.word() + " was interrupted"
                    + (cause instanceof InterruptedException ? "" : " (" + cause.getClass().getSimpleName() + ")")
                    + "; no record of it is kept" + (deploying.isEmpty() ? "" : ", its stacks are marked interrupted in the job history"));
        }
        if (!deploying.isEmpty()) {
            JobHistory.withoutInterrupt(() -> history.recordInterrupted(runId));
        }
        run.addAction(new StackDriftInterruptedAction(operation.word(), stepId(), deploying));
        JobHistory.withoutInterrupt(() -> {
            gateway.awaitStopped(AGENT_STOP_WAIT_MILLIS);
            return null;
        });
    }

    /** A lost agent's failure, said in the lines {@link #interrupted} printed: remoting's stack trace would say no more. */
    private void failIfLost(final Set<String> deploying, final Exception cause) throws AbortException {
        if (AgentLoss.lost(cause)) {
            throw new AbortException(AgentLoss.failure(operation.word(), deploying));
        }
    }

    /** How long an interrupted step waits for the agent call to stop before it lets go of locks and files. */
    static final long AGENT_STOP_WAIT_MILLIS = 10_000;

    private Map<String, Object> validate(final EngineRequest request, final PrintStream log)
            throws IOException, InterruptedException {
        // the run order's reference edges come from the job's history: a graph call gets its copy, as a run does
        AgentOutcome outcome = operation == Operation.GRAPH
                ? gateway.run(operation, request, StackCredentials.none(), history.directory(),
                        history.snapshot(SavedStackLocks.buildingIn(run.getParent())), Set.of(), Set.of())
                : gateway.read(operation, request);
        outcome.warnings().forEach(w -> log.println("Stack Drift: warning: " + w));
        outcome.stackLines().forEach(log::println);
        failOnProblems(outcome, log);
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("valid", true);
        map.put("stacks", outcome.selectedStacks().size());
        if (operation == Operation.GRAPH) {
            map.putAll(ResultMaps.runOrder(outcome.runOrderGroups(), outcome.runOrderEdges()));
        }
        return map;
    }

    private void failOnProblems(final AgentOutcome outcome, final PrintStream log) throws AbortException {
        if (!outcome.problems().isEmpty()) {
            outcome.problems().forEach(log::println);
            throw new AbortException(Messages.configProblems(outcome.problems().size(), settings.config()));
        }
    }

    EngineRequest request() {
        return new EngineRequest(StepEngineRequest.of(run, operation, settings, defaults, buildEnvironment).commit(commit())
                .valueKey(valueKey).build());
    }

    /**
     * The revision this build's plans come from, part of each plan's pin: the SCM source's revision of a branch job, else
     * the revision the build's checkouts report ({@link BuildCommit}), else {@code GIT_COMMIT} from the step's
     * environment; empty when none says.
     */
    private String commit() {
        return revisions.tip().map(String::valueOf).orElseGet(() -> checkoutCommit.isEmpty()
                ? buildEnvironment.getOrDefault("GIT_COMMIT", "") : checkoutCommit);
    }
}
