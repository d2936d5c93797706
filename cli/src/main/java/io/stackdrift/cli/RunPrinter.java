package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import io.stackdrift.engine.RunJsonWriter;
import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Change;
import io.stackdrift.model.ChangeList;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.RowTable;

/**
 * What a run prints: configuration warnings and problems on stderr, then the run JSON or the text (counts line, table,
 * details, trail) on stdout, every line made inert for the terminal.
 */
final class RunPrinter {
    /** Changes listed per row and kind in the text output. */
    private static final int DETAIL_CAP = 20;
    /** How many restored paths the printed trail names per deploy. */
    private static final int PRINTED_PATHS = 20;

    private final Path config;
    private final boolean json;

    RunPrinter(final Path config, final boolean json) {
        this.config = config;
        this.json = json;
    }

    void print(final RunOutcome outcome, final PrintWriter out, final PrintWriter err) {
        // the one place configuration warnings are printed (the engine returns them, it does not print them):
        // in full, the hint on its own line, each line made inert for the terminal
        for (Problem warning : outcome.warnings()) {
            printLines("warning: " + warning.format(), err);
        }
        if (outcome.configInvalid()) {
            for (Problem problem : outcome.problems()) {
                printLines(problem.format(), err);
            }
            int count = outcome.problems().size();
            err.println(config + ": " + count + (count == 1 ? " problem" : " problems") + "; no tool ran");
        }
        if (json) {
            try {
                RunJsonWriter.write(outcome, out);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the run JSON: " + e.getMessage(), e);
            }
            return;
        }
        if (outcome.run().isEmpty()) {
            return;
        }
        RunRecord run = outcome.run().get();
        out.println(CountsLine.text(run.counts(), Terminal.colour()));
        for (String line : RowTable.text(run.rowsSorted()).split("\n", -1)) {
            if (!line.isEmpty()) {
                out.println(Terminal.safe(line));
            }
        }
        for (Row row : run.rowsSorted()) {
            printDetails(row, out);
        }
        for (TrailEntry entry : run.trail()) {
            String what = entry.repairedDrift()
                    ? "put back what changed outside the code: " + entry.restoredPathsLine(PRINTED_PATHS)
                    : entry.result().word() + (entry.reason().isEmpty() ? "" : " — " + entry.reason());
            out.println(Terminal.safe(entry.stack() + ": " + what));
        }
    }

    private static void printLines(final String text, final PrintWriter err) {
        for (String line : text.split("\n", -1)) {
            err.println(Terminal.safe(line));
        }
    }

    /** What a row found, paths only: the table has counts, this says which resources and attributes. */
    private static void printDetails(final Row row, final PrintWriter out) {
        if (row.changes().isEmpty() && row.drift().isEmpty() && row.ownedElsewhere().isEmpty() && row.reason().isEmpty()) {
            return;
        }
        out.println(Terminal.safe(row.id() + " (" + row.state().word() + ")" + (row.reason().isEmpty() ? "" : ": " + row.reason())));
        printChanges("change", row.changes(), out);
        printChanges("drift", row.drift(), out);
        row.driftAge().sinceInstant().ifPresent(since -> out.println("  drifted since " + since + " ("
                + row.driftAge().checks() + (row.driftAge().checks() == 1 ? " check)" : " checks)")));
        printChanges("owned elsewhere", row.ownedElsewhere(), out);
    }

    private static void printChanges(final String label, final ChangeList changes, final PrintWriter out) {
        for (Change change : changes.first(DETAIL_CAP)) {
            out.println(Terminal.safe("  " + label + ": " + change.action().word() + " " + change.address()
                    + (change.paths().isEmpty() ? "" : " " + String.join(", ", change.paths()))));
        }
        if (changes.size() > DETAIL_CAP) {
            out.println("  … " + (changes.size() - DETAIL_CAP) + " more (--json or --html lists every one)");
        }
    }
}
