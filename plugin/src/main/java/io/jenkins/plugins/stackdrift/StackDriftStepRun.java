package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import hudson.AbortException;
import hudson.model.Result;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunRecord;

/**
 * One step call on the controller: builds the request, asks the agent which credentials the stacks
 * name, resolves them in the build's context, runs the engine on the agent, stores the details, attaches
 * the build action, sets the build result and returns the result map. Jenkins objects come in through
 * the constructor, so it is unit-tested with Mockito.
 */
final class StackDriftStepRun {
    /** How many previous builds a scheduled check reads to know when each stack was last checked. */
    static final int HISTORY_DEPTH = 20;

    private final StepSettings settings;
    private final Operation operation;
    private final Run<?, ?> run;
    private final TaskListener listener;
    private final EngineGateway gateway;
    private final CredentialsEnvironment credentials;
    private final StackDriftGlobalConfiguration.Defaults defaults;

    StackDriftStepRun(final StepSettings settings, final Operation operation, final Run<?, ?> run,
            final TaskListener listener, final EngineGateway gateway, final CredentialsEnvironment credentials,
            final StackDriftGlobalConfiguration.Defaults defaults) {
        this.settings = settings;
        this.operation = operation;
        this.run = run;
        this.listener = listener;
        this.gateway = gateway;
        this.credentials = credentials;
        this.defaults = defaults;
    }

    Map<String, Object> run() throws IOException, InterruptedException {
        BuildResultPolicy policy = new BuildResultPolicy(
                BuildResultPolicy.parse(settings.driftResultOr(defaults.driftResult())),
                BuildResultPolicy.parse(settings.failedResultOr(defaults.failedResult())));
        EngineRequest request = request();
        PrintStream log = listener.getLogger();
        if (operation == Operation.VALIDATE) {
            return validate(request, log);
        }
        AgentOutcome needed = gateway.call(Operation.CREDENTIALS, request, StackCredentials.none());
        failOnProblems(needed, log);
        StackCredentials resolved = credentials.resolve(needed.credentialsNeeded());
        resolved.failures().forEach((stack, reason) -> log.println("Stack Drift: " + stack + ": " + reason));
        failOnProblems(gateway.call(operation, request, resolved), log);
        RunRecord record = gateway.storeRecord(run.getRootDir())
                .orElseThrow(() -> new AbortException("Stack Drift: the " + operation.word() + " left no record"));
        RunSummary summary = RunSummary.of(record);
        run.addOrReplaceAction(new StackDriftRunAction(summary));
        if (summary.getAwaitingApproval() > 0) {
            run.addOrReplaceAction(new ApproveDeployAction());
        }
        log.println("Stack Drift: " + summary.countsLine());
        Result result = policy.resultFor(record.counts());
        if (result.ordinal > Result.SUCCESS.ordinal) {
            run.setResult(result);
        }
        return ResultMaps.of(record, result.toString());
    }

    private Map<String, Object> validate(final EngineRequest request, final PrintStream log)
            throws IOException, InterruptedException {
        AgentOutcome outcome = gateway.call(Operation.VALIDATE, request, StackCredentials.none());
        outcome.stackLines().forEach(log::println);
        failOnProblems(outcome, log);
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("valid", true);
        map.put("stacks", outcome.stackLines().size());
        return map;
    }

    private void failOnProblems(final AgentOutcome outcome, final PrintStream log) throws AbortException {
        if (!outcome.problems().isEmpty()) {
            outcome.problems().forEach(log::println);
            throw new AbortException(Messages.configProblems(outcome.problems().size()));
        }
    }

    EngineRequest request() {
        int parallelism = settings.parallelismOr(defaults.parallelism());
        if (parallelism < 0) {
            throw new IllegalArgumentException(Messages.invalidParallelism(parallelism));
        }
        boolean scheduled = run.getCause(ScheduledDriftCheckCause.class) != null;
        List<String> approvedStacks = approvedStacks();
        return new EngineRequest(settings.config(), settings.stacks(), parallelism, settings.rehearsal(),
                settings.approved() || !approvedStacks.isEmpty(), approvedStacks, run.getId(), causeWords(), scheduled,
                scheduled ? lastCheckedAt() : Map.of(), defaults.asMap());
    }

    private String causeWords() {
        List<String> words = new ArrayList<>();
        run.getCauses().forEach(c -> words.add(c.getShortDescription()));
        return String.join("; ", words);
    }

    /** In a build started from an approval, the stacks that awaited approval in the build it came from. */
    private List<String> approvedStacks() {
        ApprovalCause cause = run.getCause(ApprovalCause.class);
        if (cause == null) {
            return List.of();
        }
        Run<?, ?> source = run.getParent().getBuildByNumber(cause.getSourceBuild());
        StackDriftRunAction action = source == null ? null : source.getAction(StackDriftRunAction.class);
        List<String> ids = new ArrayList<>();
        if (action != null) {
            for (Row row : action.getRows()) {
                if (row.state() == RowState.AWAITING_APPROVAL) {
                    ids.add(row.id().value());
                }
            }
        }
        return ids;
    }

    /** Stack id → when it was last checked (not skipped), from the summaries and details of recent builds. */
    private Map<String, Long> lastCheckedAt() {
        Map<String, Long> last = new TreeMap<>();
        Run<?, ?> previous = run.getPreviousBuild();
        for (int i = 0; previous != null && i < HISTORY_DEPTH; i++, previous = previous.getPreviousBuild()) {
            StackDriftRunAction action = previous.getAction(StackDriftRunAction.class);
            if (action == null) {
                continue;
            }
            long at = action.getSummary().getStartedAt();
            Optional<RunRecord> record = action.record();
            if (record.isPresent()) {
                for (Row row : record.get().rows()) {
                    if (row.state() != RowState.SKIPPED) {
                        last.merge(row.id().value(), at, Math::max);
                    }
                }
            }
        }
        return last;
    }
}
