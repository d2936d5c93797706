package io.stackdrift.cli;

import java.nio.file.Path;

import io.stackdrift.render.ErrorJson;

/**
 * A command that cannot go on, said in one line: what is wrong, then what to do ({@code stackdrift: --record /proc/x:
 * cannot create a directory in /proc; name a directory you can write to}). Printed on stderr, and as the error JSON on
 * stdout under {@code --json} ({@link ErrorOutput}); never a stack trace.
 */
final class CliFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String hint;
    private final String option;
    private final String file;

    CliFailure(final String message, final String hint, final String option, final Path file) {
        super(message);
        this.hint = hint == null ? "" : hint;
        this.option = option == null ? "" : option;
        this.file = file == null ? "" : file.toString();
    }

    ErrorJson.Failure failure() {
        return new ErrorJson.Failure(getMessage(), hint, option, file, 0, 0);
    }

    /** The one line: {@code stackdrift: <what is wrong>; <what to do>}. */
    String line() {
        return ErrorOutput.line(failure());
    }
}
