package io.stackdrift.record;

/**
 * Why a history file that is there could not be read, in fixed words: what is shown of a damaged file quotes nothing
 * from it (a damaged file may hold anything, and a page or a console line is no place for it).
 */
public enum Unreadable {
    /** The file could not be opened or read from the disk. */
    NOT_OPENED("could not be opened or read (permissions, or the disk)"),
    /** Not JSON, or JSON cut short: a crash mid-write, or an edit. */
    NOT_JSON("not readable JSON (cut short by a crash, or edited)"),
    EMPTY("empty"),
    /** Ours, of a format version this one does not read: a newer Stack Drift wrote it. */
    OTHER_VERSION("another format version, not supported by this version"),
    /** JSON, but not what this version writes there: edited, or another kind of file. */
    NOT_OURS("not what Stack Drift writes there (edited, or another kind of file)"),
    /** A run summary whose own run number is not the one its file name carries: copied or edited. */
    MISNUMBERED("its run number is not the one its file name carries (copied or edited)");

    private final String words;

    Unreadable(final String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }
}
