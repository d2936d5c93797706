package io.stackdrift.record;

/** A record file that is not ours, of another format version, or cut short. */
public final class RecordFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RecordFormatException(final String message) {
        super(message);
    }
}
