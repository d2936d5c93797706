package io.stackdrift.record;

/** A record file that is not ours, of another format version, or cut short. */
public final class RecordFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The file is ours, of a format version this one does not read (not damaged: a newer Stack Drift wrote it). */
    private final boolean otherVersion;

    public RecordFormatException(final String message) {
        this(message, false);
    }

    private RecordFormatException(final String message, final boolean otherVersion) {
        super(message);
        this.otherVersion = otherVersion;
    }

    /** The file is of the right kind in a format version this one does not read. */
    static RecordFormatException otherVersion(final String message) {
        return new RecordFormatException(message, true);
    }

    boolean isOtherVersion() {
        return otherVersion;
    }
}
