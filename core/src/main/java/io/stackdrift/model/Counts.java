package io.stackdrift.model;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * How many rows of a run are in each state; what the counts line shows. A repaired row counts only as repaired:
 * neither drifted nor in sync.
 */
public record Counts(int total, int inSync, int drifted, int pending, int failed, int skipped, int awaitingApproval,
        int repaired, int notDeployed, int destroyed) {
    /**
     * Every count, in the order the run JSON, the history's summaries and the step's result map list them: the one
     * table every output of the counts is written from (docs/architecture.md, "Outputs"), so a new count is a component
     * above, a line here, its case in {@link #of(Counts)} and {@link Counts#from}, and its rule in
     * {@link Counts#of(Collection)}, all in this file. {@code CountsTableTest} checks that every output carries each.
     */
    public enum Field {
        TOTAL("total", "stack", "stacks", Since.FIRST_RECORDS),
        IN_SYNC("inSync", "in sync", Since.FIRST_RECORDS),
        DRIFTED("drifted", "drifted", Since.FIRST_RECORDS),
        PENDING("pending", "pending", Since.FIRST_RECORDS),
        FAILED("failed", "failed", Since.FIRST_RECORDS),
        SKIPPED("skipped", "skipped", Since.FIRST_RECORDS),
        AWAITING_APPROVAL("awaitingApproval", "awaiting approval", Since.FIRST_RECORDS),
        REPAIRED("repaired", "repaired", Since.ADDED_LATER),
        NOT_DEPLOYED("notDeployed", "not deployed", Since.ADDED_LATER),
        DESTROYED("destroyed", "destroyed", Since.ADDED_LATER);

        /** Whether the history's first record format had the count: one added later is kept only when set. */
        public enum Since { FIRST_RECORDS, ADDED_LATER }

        private final String key;
        private final String one;
        private final String many;
        private final Since since;

        Field(final String key, final String word, final Since since) {
            this(key, word, word, since);
        }

        Field(final String key, final String one, final String many, final Since since) {
            this.key = key;
            this.one = one;
            this.many = many;
            this.since = since;
        }

        /** The key of the count in every JSON and map form. */
        public String key() {
            return key;
        }

        /** The words after the number in the counts line: {@code 1 stack}, {@code 3 stacks}, {@code 2 in sync}. */
        public String words(final int count) {
            return count + " " + (count == 1 ? one : many);
        }

        public Since since() {
            return since;
        }

        /** The count in {@code counts}. */
        public int of(final Counts counts) {
            return switch (this) {
                case TOTAL -> counts.total();
                case IN_SYNC -> counts.inSync();
                case DRIFTED -> counts.drifted();
                case PENDING -> counts.pending();
                case FAILED -> counts.failed();
                case SKIPPED -> counts.skipped();
                case AWAITING_APPROVAL -> counts.awaitingApproval();
                case REPAIRED -> counts.repaired();
                case NOT_DEPLOYED -> counts.notDeployed();
                case DESTROYED -> counts.destroyed();
            };
        }
    }

    /** Counts without repaired rows, as records written before the state existed hold them. */
    public Counts(final int total, final int inSync, final int drifted, final int pending, final int failed, final int skipped,
            final int awaitingApproval) {
        this(total, inSync, drifted, pending, failed, skipped, awaitingApproval, 0);
    }

    /** Counts without rows never deployed, as records written before the state existed hold them. */
    public Counts(final int total, final int inSync, final int drifted, final int pending, final int failed, final int skipped,
            final int awaitingApproval, final int repaired) {
        this(total, inSync, drifted, pending, failed, skipped, awaitingApproval, repaired, 0);
    }

    /** Counts without destroyed rows, as records written before the state existed hold them. */
    public Counts(final int total, final int inSync, final int drifted, final int pending, final int failed, final int skipped,
            final int awaitingApproval, final int repaired, final int notDeployed) {
        this(total, inSync, drifted, pending, failed, skipped, awaitingApproval, repaired, notDeployed, 0);
    }

    /** The counts {@code value} gives for each field of the table. */
    public static Counts from(final ToIntFunction<Field> value) {
        return new Counts(value.applyAsInt(Field.TOTAL), value.applyAsInt(Field.IN_SYNC), value.applyAsInt(Field.DRIFTED),
                value.applyAsInt(Field.PENDING), value.applyAsInt(Field.FAILED), value.applyAsInt(Field.SKIPPED),
                value.applyAsInt(Field.AWAITING_APPROVAL), value.applyAsInt(Field.REPAIRED), value.applyAsInt(Field.NOT_DEPLOYED),
                value.applyAsInt(Field.DESTROYED));
    }

    /**
     * Counts the rows; pending+drifted counts as drifted and as pending. A skipped row counts as skipped, and also by
     * what the history knew of its stack ({@link Row#known()}): known drift as drifted, known pending changes as
     * pending, known to await approval as awaiting approval, known failed as failed, known never deployed as not
     * deployed — a skip does not make them go away.
     */
    public static Counts of(final Collection<Row> rows) {
        Map<RowState, Integer> byState = new EnumMap<>(RowState.class);
        int knownDrifted = 0;
        int knownPending = 0;
        int knownAwaiting = 0;
        int knownFailed = 0;
        int knownNotDeployed = 0;
        for (Row row : rows) {
            byState.merge(row.state(), 1, Integer::sum);
            if (row.state() == RowState.SKIPPED && row.known().isPresent()) {
                knownDrifted += row.countsAsDrifted() ? 1 : 0;
                knownPending += row.known().state().hasPendingChanges() ? 1 : 0;
                knownAwaiting += row.known().state() == RowState.AWAITING_APPROVAL ? 1 : 0;
                knownFailed += row.countsAsFailed() ? 1 : 0;
                knownNotDeployed += row.countsAsNotDeployed() ? 1 : 0;
            }
        }
        int both = byState.getOrDefault(RowState.PENDING_DRIFTED, 0);
        return new Counts(rows.size(),
                byState.getOrDefault(RowState.IN_SYNC, 0),
                byState.getOrDefault(RowState.DRIFTED, 0) + both + knownDrifted,
                byState.getOrDefault(RowState.PENDING, 0) + both + knownPending,
                byState.getOrDefault(RowState.FAILED, 0) + knownFailed,
                byState.getOrDefault(RowState.SKIPPED, 0),
                byState.getOrDefault(RowState.AWAITING_APPROVAL, 0) + knownAwaiting,
                byState.getOrDefault(RowState.REPAIRED, 0),
                byState.getOrDefault(RowState.NOT_DEPLOYED, 0) + knownNotDeployed,
                byState.getOrDefault(RowState.DESTROYED, 0));
    }
}
