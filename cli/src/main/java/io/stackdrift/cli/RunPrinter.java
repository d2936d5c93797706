package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Problem;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.record.RunRecord;
import io.stackdrift.render.CountsLine;
import io.stackdrift.render.RunJsonWriter;
import io.stackdrift.render.RunText;

/**
 * What a run prints: configuration warnings and problems on stderr, then the run JSON or the text (counts line, table,
 * details, trail; both written by {@code render}) on stdout, every line made inert for the terminal. {@code --quiet}:
 * no warnings, the counts line alone, and each failed stack's reason on stderr.
 */
final class RunPrinter {
    private final Path config;
    private final boolean json;
    private final Verbosity verbosity;

    RunPrinter(final Path config, final boolean json, final Verbosity verbosity) {
        this.config = config;
        this.json = json;
        this.verbosity = verbosity;
    }

    /**
     * @param exitCode the command's exit code, which the JSON carries: the outcome's, or 1 or 3 when the record or the
     *                 HTML report could not be written
     * @param notes    what the JSON's notes add to the outcome's (why it could not be written)
     */
    void print(final RunOutcome outcome, final int exitCode, final List<String> notes, final PrintWriter out, final PrintWriter err) {
        // the one place configuration warnings are printed (the engine returns them, it does not print them):
        // in full, the hint on its own line, each line made inert for the terminal
        if (!verbosity.quiet()) {
            for (Problem warning : outcome.warnings()) {
                Terminal.printLines(err, "warning: " + warning.format());
            }
        }
        if (outcome.configInvalid()) {
            for (Problem problem : outcome.problems()) {
                Terminal.printLines(err, problem.format());
            }
            int count = outcome.problems().size();
            err.println(config + ": " + count + (count == 1 ? " problem" : " problems") + "; no tool ran");
        }
        if (json) {
            try {
                RunJsonWriter.write(new PrintedResult(outcome, exitCode, notes), out);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the run JSON: " + e.getMessage(), e);
            }
            return;
        }
        if (outcome.run().isEmpty()) {
            return;
        }
        RunRecord run = outcome.run().get();
        if (!verbosity.quiet()) {
            RunText.lines(run, Terminal.colour()).forEach(out::println);
            return;
        }
        out.println(CountsLine.text(run.counts(), Terminal.colour()));
        for (Row row : run.rows()) {
            if (row.state() == RowState.FAILED) {
                err.println(Terminal.safe(row.id() + " (failed): " + row.reason()));
            }
        }
    }
}
