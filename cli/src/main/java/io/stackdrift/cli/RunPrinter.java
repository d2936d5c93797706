package io.stackdrift.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import io.stackdrift.engine.RunOutcome;
import io.stackdrift.model.Problem;
import io.stackdrift.render.RunJsonWriter;
import io.stackdrift.render.RunText;

/**
 * What a run prints: configuration warnings and problems on stderr, then the run JSON or the text (counts line, table,
 * details, trail; both written by {@code render}) on stdout, every line made inert for the terminal.
 */
final class RunPrinter {
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
        RunText.lines(outcome.run().get(), Terminal.colour()).forEach(out::println);
    }

    private static void printLines(final String text, final PrintWriter err) {
        for (String line : text.split("\n", -1)) {
            err.println(Terminal.safe(line));
        }
    }
}
