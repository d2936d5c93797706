package io.stackdrift.engine;

import java.io.UncheckedIOException;

/**
 * A file of the history a stack's deploy needs before it starts could not be written (a full disk, a file in the
 * way): the stack fails with this message, which names the file and the reason and never a tool's output.
 */
final class RecordNotWritten extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RecordNotWritten(final String message, final UncheckedIOException cause) {
        super(message, cause);
    }
}
