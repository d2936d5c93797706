package io.stackdrift.durable;

import java.io.IOException;

/** A {@code request.json} this engine cannot read: another format version, or a field missing or wrong. */
public final class RequestFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public RequestFormatException(final String message) {
        super(message);
    }
}
