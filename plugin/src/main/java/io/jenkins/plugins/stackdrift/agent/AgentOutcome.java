package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.stackdrift.engine.StackPlace;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunToSave;

/**
 * The compact answer of one agent call: configuration problems and warnings, check-mode lines, the
 * selected stacks with the credentials ids they name, the engine's notes, whether a run record was left
 * in the agent's record file, the digests of the stacks the run deployed and the stacks whose last deploy it
 * forgot (a destroy), so the controller can save the run into the job's history the same way. Never a value from a plan; never a secret.
 * Plain JDK collections only
 * (core's remoting class filter).
 */
public final class AgentOutcome implements Serializable {
    private static final long serialVersionUID = 7L;

    private final ArrayList<String> problems;
    private final ArrayList<String> warnings;
    private final ArrayList<String> notes;
    private final ArrayList<String> stackLines;
    private final TreeMap<String, TreeMap<String, String>> selectedStacks;
    /** Stack id → [directory, name] of the selected stacks, as the agent's copy of the files places them; null before. */
    private final TreeMap<String, ArrayList<String>> stackPlaces;
    /** Stack id → its policy check's command as written, for the selected stacks that have one; null before. */
    private final TreeMap<String, ArrayList<String>> policyChecks;
    private final boolean recorded;
    private final TreeMap<String, String> deployDigests;
    private final TreeSet<String> forgottenDeploys;
    /** Stack ids that owe a deploy after the run (an interrupted or unfinished deploy; docs/records.md). */
    private final TreeSet<String> owedDeploys;
    /** Every stack id of the configuration the run read; null when it read none (the job history then forgets no stack). */
    private final TreeSet<String> configuredStacks;
    /** The run order's groups of stack ids, and its edges as [stack, dependsOn, from]; empty unless asked for. */
    private final ArrayList<ArrayList<String>> runOrderGroups;
    private final ArrayList<ArrayList<String>> runOrderEdges;
    /** The stacks of shard 1, 2, … of a {@code SHARDS} call; empty otherwise. */
    private final ArrayList<ArrayList<String>> shards;
    /** Stack → the pin of the plan it awaits approval of ({@code PlanDigest}, values under the job's key). */
    private final TreeMap<String, String> approvalPins;
    /** For a drift check: when the next scheduled check has work, in epoch milliseconds; null otherwise. */
    private final Long nextScheduledCheck;

    private AgentOutcome(final Builder b) {
        this.problems = new ArrayList<>(b.problems);
        this.warnings = new ArrayList<>(b.warnings);
        this.notes = new ArrayList<>(b.notes);
        this.stackLines = new ArrayList<>(b.stackLines);
        this.selectedStacks = new TreeMap<>();
        b.selectedStacks.forEach((stack, vars) -> this.selectedStacks.put(stack, new TreeMap<>(vars)));
        this.stackPlaces = new TreeMap<>();
        b.stackPlaces.forEach((stack, place) -> this.stackPlaces.put(stack, new ArrayList<>(List.of(place.dir(), place.name()))));
        this.policyChecks = new TreeMap<>();
        b.policyChecks.forEach((stack, command) -> this.policyChecks.put(stack, new ArrayList<>(command)));
        this.recorded = b.recorded;
        this.deployDigests = new TreeMap<>(b.deployDigests);
        this.forgottenDeploys = new TreeSet<>(b.forgottenDeploys);
        this.owedDeploys = new TreeSet<>(b.owedDeploys);
        this.configuredStacks = b.configuredStacks == null ? null : new TreeSet<>(b.configuredStacks);
        this.runOrderGroups = copies(b.runOrderGroups);
        this.runOrderEdges = copies(b.runOrderEdges);
        this.shards = copies(b.shards);
        this.approvalPins = new TreeMap<>(b.approvalPins);
        this.nextScheduledCheck = b.nextScheduledCheck;
    }

    /** Stack → the pin of the plan each stack awaiting approval showed: what an approval of it approves. */
    public Map<String, String> approvalPins() {
        return Collections.unmodifiableMap(approvalPins);
    }

    private static ArrayList<ArrayList<String>> copies(final List<List<String>> lists) {
        ArrayList<ArrayList<String>> out = new ArrayList<>();
        lists.forEach(list -> out.add(new ArrayList<>(list)));
        return out;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The groups of stacks a deploy would run together, in order (a {@code GRAPH} call only). */
    public List<List<String>> runOrderGroups() {
        return Collections.unmodifiableList(runOrderGroups);
    }

    /** The stacks of each shard, shard 1 first (a {@code SHARDS} call only). */
    public List<List<String>> shards() {
        return Collections.unmodifiableList(shards == null ? new ArrayList<>() : shards);
    }

    /** Every dependency edge as {@code [stack, dependsOn, from]}, {@code from} being file or reference. */
    public List<List<String>> runOrderEdges() {
        return Collections.unmodifiableList(runOrderEdges);
    }

    /** Every configuration problem as {@code file:line:column: message} (+ hint); empty when valid. */
    public List<String> problems() {
        return Collections.unmodifiableList(problems);
    }

    public List<String> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    /** What the engine wants the log to say (dropped edges, interrupted deploys found, ...). */
    public List<String> notes() {
        return Collections.unmodifiableList(notes);
    }

    /** Check mode: the settings of every stack, one line each. */
    public List<String> stackLines() {
        return Collections.unmodifiableList(stackLines);
    }

    /**
     * The stacks the step's selection resolves to (check mode: every stack): stack id → (environment variable →
     * credentials id).
     */
    public Map<String, Map<String, String>> selectedStacks() {
        return Collections.unmodifiableMap(selectedStacks);
    }

    /**
     * Where each selected stack lives in the agent's copy of the files: what a trusted configuration's entries are
     * matched against on the controller. Agent output: it chooses which entry of the trusted file applies, never an id.
     */
    public Map<String, StackPlace> stackPlaces() {
        Map<String, StackPlace> out = new TreeMap<>();
        if (stackPlaces != null) {
            stackPlaces.forEach((stack, place) -> out.put(stack, new StackPlace(place.get(0), place.get(1))));
        }
        return out;
    }

    /**
     * The policy check of each selected stack that has one, as the agent's copy of the configuration writes it: what the
     * controller admits when it trusts that copy ({@link PolicyChecks}).
     */
    public Map<String, List<String>> policyChecks() {
        Map<String, List<String>> out = new TreeMap<>();
        if (policyChecks != null) {
            policyChecks.forEach((stack, command) -> out.put(stack, List.copyOf(command)));
        }
        return out;
    }

    /** True when the run left its record in the agent's record file. */
    public boolean recorded() {
        return recorded;
    }

    /** Stack id → the digest of its deploy in this run, as the engine's outcome carried it (docs/digest.md). */
    public Map<String, String> deployDigests() {
        return Collections.unmodifiableMap(deployDigests);
    }

    /** Stack ids whose last deploy is to be forgotten (a destroy that failed or was interrupted part-way). */
    public Set<String> forgottenDeploys() {
        return Collections.unmodifiableSet(forgottenDeploys == null ? new TreeSet<>() : forgottenDeploys);
    }

    /** Stack ids that owe a deploy after the run: their next deploy applies them whatever their digest says. */
    public Set<String> owedDeploys() {
        return Collections.unmodifiableSet(owedDeploys == null ? new TreeSet<>() : owedDeploys);
    }

    /**
     * What the controller saves of the run, once: the record the agent left, with this outcome's digests, forgotten
     * deploys and owed deploys.
     */
    public RunToSave toSave(final RunRecord record) {
        Map<StackId, String> digests = new TreeMap<>();
        deployDigests().forEach((stack, digest) -> digests.put(StackId.of(stack), digest));
        Set<StackId> forget = new TreeSet<>();
        forgottenDeploys().forEach(stack -> forget.add(StackId.of(stack)));
        Set<StackId> owed = new TreeSet<>();
        owedDeploys().forEach(stack -> owed.add(StackId.of(stack)));
        Optional<Set<StackId>> configured = Optional.ofNullable(configuredStacks)
                .map(ids -> ids.stream().map(StackId::of).collect(Collectors.toCollection(TreeSet::new)));
        return new RunToSave(record, digests, forget, owed, configured,
                Optional.ofNullable(nextScheduledCheck).map(Instant::ofEpochMilli));
    }

    /** Builds an outcome; every part defaults to empty. */
    public static final class Builder {
        private List<String> problems = List.of();
        private List<String> warnings = List.of();
        private List<String> notes = List.of();
        private List<String> stackLines = List.of();
        private Map<String, ? extends Map<String, String>> selectedStacks = Map.of();
        private Map<String, StackPlace> stackPlaces = Map.of();
        private Map<String, List<String>> policyChecks = Map.of();
        private boolean recorded;
        private Map<String, String> deployDigests = Map.of();
        private Set<String> forgottenDeploys = Set.of();
        private Set<String> owedDeploys = Set.of();
        private Set<String> configuredStacks;
        private List<List<String>> runOrderGroups = List.of();
        private List<List<String>> runOrderEdges = List.of();
        private List<List<String>> shards = List.of();
        private Map<String, String> approvalPins = Map.of();
        private Long nextScheduledCheck;

        /** When the next scheduled check has work (a drift check's outcome). */
        public Builder nextScheduledCheck(final Optional<Instant> value) {
            this.nextScheduledCheck = value.map(Instant::toEpochMilli).orElse(null);
            return this;
        }

        public Builder approvalPins(final Map<String, String> value) {
            this.approvalPins = value;
            return this;
        }

        public Builder problems(final List<String> value) {
            this.problems = value;
            return this;
        }

        public Builder warnings(final List<String> value) {
            this.warnings = value;
            return this;
        }

        public Builder notes(final List<String> value) {
            this.notes = value;
            return this;
        }

        public Builder stackLines(final List<String> value) {
            this.stackLines = value;
            return this;
        }

        public Builder selectedStacks(final Map<String, ? extends Map<String, String>> value) {
            this.selectedStacks = value;
            return this;
        }

        public Builder policyChecks(final Map<String, List<String>> value) {
            this.policyChecks = value;
            return this;
        }

        public Builder stackPlaces(final Map<String, StackPlace> value) {
            this.stackPlaces = value;
            return this;
        }

        public Builder recorded(final Map<String, String> digests) {
            this.recorded = true;
            this.deployDigests = digests;
            return this;
        }

        public Builder forgotten(final Set<String> stacks) {
            this.forgottenDeploys = stacks;
            return this;
        }

        public Builder owed(final Set<String> stacks) {
            this.owedDeploys = stacks;
            return this;
        }

        public Builder configured(final Set<String> stacks) {
            this.configuredStacks = stacks;
            return this;
        }

        public Builder runOrder(final List<List<String>> groups, final List<List<String>> edges) {
            this.runOrderGroups = groups;
            this.runOrderEdges = edges;
            return this;
        }

        public Builder shards(final List<List<String>> value) {
            this.shards = value;
            return this;
        }

        public AgentOutcome build() {
            return new AgentOutcome(this);
        }
    }
}
