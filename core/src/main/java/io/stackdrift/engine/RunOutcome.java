package io.stackdrift.engine;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.Counts;
import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunToSave;
import io.stackdrift.render.RunResult;

/**
 * The result of one run, and everything its host must save of it (the engine saves nothing itself): the record
 * (absent when the configuration was invalid and no tool ran), the digest of each stack this run deployed, the
 * stacks whose last deploy is to be forgotten, the stacks that owe a deploy (docs/records.md), every stack of the
 * configuration (the index forgets the others), the configuration problems and warnings, notes for the log
 * (dropped edges, skipped references), and for a drift check that was not started by a push, when the next scheduled
 * check has work (its stacks' schedules and backoffs counted from this run; a scheduler may skip its ticks before).
 */
public record RunOutcome(Optional<RunRecord> run, Map<StackId, String> deployDigests, Set<StackId> forgottenDeploys,
        Set<StackId> owedDeploys, Optional<Set<StackId>> configuredStacks, List<Problem> problems, List<Problem> warnings,
        List<String> notes, Optional<Instant> nextScheduledCheck) implements RunResult {
    /** 0 nothing to report, 2 drift or pending changes (or stacks awaiting approval), 1 error or failed stack. */
    public static final int OK = 0;
    public static final int ERROR = 1;
    public static final int CHANGES = 2;

    public RunOutcome {
        deployDigests = Map.copyOf(deployDigests);
        forgottenDeploys = Set.copyOf(forgottenDeploys);
        owedDeploys = Set.copyOf(owedDeploys);
        configuredStacks = configuredStacks.map(Set::copyOf);
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
        notes = List.copyOf(notes);
        Objects.requireNonNull(nextScheduledCheck, "nextScheduledCheck");
    }

    /** A run that deployed nothing (a preview, a check without correction, a report). */
    public RunOutcome(final Optional<RunRecord> run, final List<Problem> problems, final List<Problem> warnings, final List<String> notes) {
        this(run, Map.of(), Set.of(), Set.of(), Optional.empty(), problems, warnings, notes, Optional.empty());
    }

    /** The same outcome with its record and notes as a host shows them (masked, a log named): nothing else changes. */
    public RunOutcome withShown(final RunRecord shown, final List<String> shownNotes) {
        return new RunOutcome(Optional.of(shown), deployDigests, forgottenDeploys, owedDeploys, configuredStacks, problems, warnings,
                shownNotes, nextScheduledCheck);
    }

    public static RunOutcome invalidConfig(final List<Problem> problems, final List<Problem> warnings) {
        return new RunOutcome(Optional.empty(), problems, warnings, List.of());
    }

    public boolean configInvalid() {
        return run.isEmpty();
    }

    /** What the host saves of this run ({@code HistoryStore.save}); empty when no tool ran. */
    public Optional<RunToSave> toSave() {
        return run.map(record -> new RunToSave(record, deployDigests, forgottenDeploys, owedDeploys, configuredStacks,
                nextScheduledCheck));
    }

    /** Mirrors {@code -detailed-exitcode}. */
    @Override
    public int exitCode() {
        if (run.isEmpty()) {
            return ERROR;
        }
        Counts counts = run.get().counts();
        if (counts.failed() > 0) {
            return ERROR;
        }
        return counts.drifted() + counts.pending() + counts.awaitingApproval() + counts.notDeployed() > 0 ? CHANGES : OK;
    }
}
