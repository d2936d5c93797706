package io.stackdrift.record;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.stackdrift.model.StackId;

/**
 * Everything a host saves of one run, in one {@link HistoryStore#save(RunToSave)}: the record, the digest of each
 * stack the run deployed (or found with nothing to deploy), and the stacks whose last deploy is forgotten (a
 * destroy that failed or was interrupted part-way; docs/digest.md).
 */
public record RunToSave(RunRecord run, Map<StackId, String> deployDigests, Set<StackId> forgetDeploys) {
    public RunToSave {
        Objects.requireNonNull(run, "run");
        deployDigests = Map.copyOf(deployDigests);
        forgetDeploys = Set.copyOf(forgetDeploys);
    }
}
