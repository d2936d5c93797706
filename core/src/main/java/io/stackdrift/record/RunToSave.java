package io.stackdrift.record;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.StackId;

/**
 * Everything a host saves of one run, in one {@link HistoryStore#save(RunToSave)}: the record, the digest of each
 * stack the run deployed (or found with nothing to deploy), the stacks whose last deploy is forgotten (a
 * destroy that failed or was interrupted part-way; docs/digest.md), and the stacks that owe a deploy (one of theirs,
 * or of a stack they depend on, was interrupted or did not finish; docs/records.md), and every stack of the
 * configuration the run read: {@code stacks.json} forgets the others (a stack renamed or removed; their runs and trail
 * stay). Empty when the run read no configuration (a report): then no stack is forgotten. A drift check run also says
 * when the next scheduled check has work ({@link NextScheduledCheck}); other runs leave it empty.
 */
public record RunToSave(RunRecord run, Map<StackId, String> deployDigests, Set<StackId> forgetDeploys, Set<StackId> owedDeploys,
        Optional<Set<StackId>> configuredStacks, Optional<Instant> nextScheduledCheck) {
    public RunToSave {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(nextScheduledCheck, "nextScheduledCheck");
        deployDigests = Map.copyOf(deployDigests);
        forgetDeploys = Set.copyOf(forgetDeploys);
        owedDeploys = Set.copyOf(owedDeploys);
        configuredStacks = configuredStacks.map(Set::copyOf);
    }

    /** A run that leaves no deploy owed (a preview, a check without correction, a report) and forgets no stack. */
    public RunToSave(final RunRecord run, final Map<StackId, String> deployDigests, final Set<StackId> forgetDeploys) {
        this(run, deployDigests, forgetDeploys, Set.of(), Optional.empty(), Optional.empty());
    }
}
