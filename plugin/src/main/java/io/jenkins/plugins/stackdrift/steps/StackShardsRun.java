package io.jenkins.plugins.stackdrift.steps;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.stackdrift.StackDriftGlobalConfiguration;
import io.jenkins.plugins.stackdrift.agent.AgentOutcome;
import io.jenkins.plugins.stackdrift.agent.EngineGateway;
import io.jenkins.plugins.stackdrift.agent.EngineRequest;
import io.jenkins.plugins.stackdrift.agent.Operation;
import io.jenkins.plugins.stackdrift.agent.ShardRoute;
import io.jenkins.plugins.stackdrift.credentials.StackCredentials;
import io.jenkins.plugins.stackdrift.history.JobHistory;

import io.stackdrift.durable.StepRequest;

/**
 * {@code stackShards} on the controller: the agent splits the selection (the configuration is there; the weights come
 * from the copy of the job's history), the split is recorded in the build ({@link BuildShardsAction}: the build's one
 * board), and the step returns the shards as lists of stack ids, JDK lists only (the sandbox needs nothing else).
 * Jenkins objects come in through the constructor, so it is unit-tested with Mockito.
 */
final class StackShardsRun {
    private final StepSettings settings;
    private final int count;
    private final Run<?, ?> run;
    private final TaskListener listener;
    private final EngineGateway gateway;
    private final StackDriftGlobalConfiguration.Defaults defaults;
    private final JobHistory history;

    StackShardsRun(final StepSettings settings, final int count, final Run<?, ?> run, final TaskListener listener,
            final EngineGateway gateway, final StackDriftGlobalConfiguration.Defaults defaults, final JobHistory history) {
        this.settings = settings;
        this.count = count;
        this.run = run;
        this.listener = listener;
        this.gateway = gateway;
        this.defaults = defaults;
        this.history = history;
    }

    List<List<String>> run() throws IOException, InterruptedException {
        PrintStream log = listener.getLogger();
        EngineRequest request = new EngineRequest(StepRequest.builder(run.getId()).configFile(settings.config())
                .stacks(settings.stacks()).parallelism(settings.parallelismOr(defaults.parallelism()))
                .toolPaths(EngineRequest.toolsByWord(defaults.toolPaths())).build());
        // the markers of running deploys are left as they are: the split reads durations, it turns nothing into "interrupted"
        AgentOutcome outcome = gateway.run(Operation.SHARDS, request, StackCredentials.none(), history.directory(),
                history.snapshot(marker -> true), Set.of(), Set.of(), ShardRoute.split(count));
        outcome.warnings().forEach(w -> log.println("Stack Drift: warning: " + w));
        if (!outcome.problems().isEmpty()) {
            outcome.problems().forEach(log::println);
            throw new AbortException(Messages.configProblems(outcome.problems().size(), settings.config()));
        }
        outcome.stackLines().forEach(line -> log.println("Stack Drift: " + line));
        BuildShardsAction.record(run, outcome.shards());
        List<List<String>> shards = new ArrayList<>();
        outcome.shards().forEach(shard -> shards.add(new ArrayList<>(shard)));
        return shards;
    }
}
