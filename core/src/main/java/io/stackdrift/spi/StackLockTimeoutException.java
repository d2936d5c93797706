package io.stackdrift.spi;

import io.stackdrift.model.StackId;

/** Another run held a stack's lock for longer than the wait timeout; the message says who and since when. */
public final class StackLockTimeoutException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient StackId stack;

    public StackLockTimeoutException(final StackId stack, final String message) {
        super(message);
        this.stack = stack;
    }

    public StackId stack() {
        return stack;
    }
}
