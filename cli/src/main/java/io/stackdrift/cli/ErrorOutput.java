package io.stackdrift.cli;

import java.io.PrintWriter;
import java.util.List;

import io.stackdrift.model.Problem;
import io.stackdrift.render.ErrorJson;

/**
 * How a command that ends in an error before it has a result says so: one line on stderr, and under {@code --json} also
 * the error JSON on stdout (docs/cli.md, "Errors in --json mode"), so a script reading stdout always gets one JSON
 * document, with the exit code the text mode has.
 */
final class ErrorOutput {
    private ErrorOutput() {
    }

    /** {@code stackdrift: <message>; <hint>}, inert for the terminal. */
    static String line(final ErrorJson.Failure failure) {
        return Terminal.safe("stackdrift: " + oneLine(failure.message())
                + (failure.hint().isEmpty() ? "" : "; " + oneLine(failure.hint())));
    }

    static void print(final ErrorJson.Failure failure, final int exitCode, final boolean json, final PrintWriter out,
            final PrintWriter err) {
        err.println(line(failure));
        err.flush();
        if (json) {
            out.print(ErrorJson.json(failure, exitCode, List.of(), List.of()));
            out.flush();
        }
    }

    /** A bad configuration under {@code --json}: the first problem is the error, every one is listed. */
    static void printProblems(final List<Problem> problems, final List<Problem> warnings, final PrintWriter out) {
        out.print(ErrorJson.json(ErrorJson.Failure.of(problems.get(0)), ExitCodes.ERROR, problems, warnings));
        out.flush();
    }

    private static String oneLine(final String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
