package io.jenkins.plugins.stackdrift;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a step asks the engine to do, in plain values. It crosses to the agent (Java serialization over
 * remoting), so it holds only JDK types on core's class-filter whitelist and never a secret.
 *
 * @param configFile     the configuration file relative to the workspace ({@code stacks.yaml} by default)
 * @param stacks         selected stack ids or globs; empty = every stack
 * @param parallelism    stacks run at once; 0 = the engine's default (agent cores, at most 8)
 * @param rehearsal      deploy: plan everything in order, apply nothing
 * @param approved       deploy: a person approved the stacks awaiting approval
 * @param approvedStacks stack ids a person approved (from an approval build); empty = none named
 * @param runId          the build number
 * @param cause          who or what started the build, in words
 * @param scheduled      the build was started by {@code driftSchedule}: check only due stacks
 * @param lastCheckedAt  stack id → epoch millis of its last check, from the job's previous records
 * @param defaults       global defaults (default drift every, tool paths); names only, never secrets
 */
public record EngineRequest(String configFile, List<String> stacks, int parallelism, boolean rehearsal, boolean approved,
        List<String> approvedStacks, String runId, String cause, boolean scheduled, Map<String, Long> lastCheckedAt,
        Map<String, String> defaults) implements Serializable {
    private static final long serialVersionUID = 1L;

    public EngineRequest {
        Objects.requireNonNull(configFile, "configFile");
        stacks = Collections.unmodifiableList(new ArrayList<>(stacks));
        approvedStacks = Collections.unmodifiableList(new ArrayList<>(approvedStacks));
        Objects.requireNonNull(runId, "runId");
        cause = Objects.requireNonNullElse(cause, "");
        lastCheckedAt = Collections.unmodifiableMap(new TreeMap<>(lastCheckedAt));
        defaults = Collections.unmodifiableMap(new TreeMap<>(defaults));
    }
}
