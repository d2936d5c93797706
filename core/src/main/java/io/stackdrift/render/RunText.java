package io.stackdrift.render;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;

/**
 * A run as the command line prints it: the counts line, the table, then what each row found (paths only, capped per
 * row and kind) and the trail of this run's deploys. Every line is made inert for a terminal ({@link TextSafe}); only
 * the counts line's dots may carry colour.
 */
public final class RunText {
    /** Changes listed per row and kind. */
    private static final int DETAIL_CAP = 20;
    /** How many restored paths a trail line names per deploy. */
    private static final int PRINTED_PATHS = 20;

    private RunText() {
    }

    /**
     * The lines, without their line ends.
     *
     * @param colour true to colour the counts line's dots with ANSI escapes (the caller decides: a terminal, no {@code NO_COLOR})
     */
    public static List<String> lines(final RunRecord run, final boolean colour) {
        List<String> lines = new ArrayList<>();
        lines.add(CountsLine.text(run.counts(), colour));
        for (String line : RowTable.text(run.rowsSorted()).split("\n", -1)) {
            if (!line.isEmpty()) {
                lines.add(TextSafe.clean(line));
            }
        }
        for (Row row : run.rowsSorted()) {
            details(row, lines);
        }
        for (TrailEntry entry : run.trail()) {
            String what = entry.repairedDrift()
                    ? entry.repairWords() + ": " + entry.restoredPathsLine(PRINTED_PATHS)
                    : entry.result().word() + (entry.reason().isEmpty() ? "" : " — " + entry.reason());
            lines.add(TextSafe.clean(entry.stack() + ": " + what));
        }
        return lines;
    }

    /** What a row found, paths only: the table has counts, this says which resources and attributes. */
    private static void details(final Row row, final List<String> lines) {
        if (row.changes().isEmpty() && row.drift().isEmpty() && row.ownedElsewhere().isEmpty() && row.reason().isEmpty()) {
            return;
        }
        lines.add(TextSafe.clean(row.id() + " (" + row.state().word() + ")" + (row.reason().isEmpty() ? "" : ": " + row.reason())));
        // a plan's change that only puts drift back is no change in the code: listed under its own heading
        changes("change", row.changes(), Cause.CODE, lines);
        changes("puts back drift", row.changes(), Cause.DRIFT, lines);
        changes("drift", row.drift(), null, lines);
        String age = row.state() == RowState.REPAIRED ? "  drift first seen " : "  drifted since ";
        row.driftAge().sinceInstant().ifPresent(since -> lines.add(age + since + " ("
                + row.driftAge().checks() + (row.driftAge().checks() == 1 ? " check)" : " checks)")));
        changes("owned elsewhere", row.ownedElsewhere(), null, lines);
    }

    /** The first changes of {@code cause} (every one when null) under {@code label}, and how many more there are. */
    private static void changes(final String label, final ChangeList changes, final Cause cause, final List<String> lines) {
        int listed = 0;
        int more = 0;
        try (Stream<Change> all = changes.stream()) {
            for (Change change : (Iterable<Change>) all.filter(c -> cause == null || c.cause() == cause)::iterator) {
                if (listed == DETAIL_CAP) {
                    more++;
                    continue;
                }
                listed++;
                lines.add(TextSafe.clean("  " + label + ": " + change.action().word() + " " + change.address()
                        + (change.paths().isEmpty() ? "" : " " + String.join(", ", change.paths()))));
            }
        }
        if (more > 0) {
            lines.add("  … " + more + " more (--json or --html lists every one)");
        }
    }
}
