package io.stackdrift.tfconfig;

/** A file of a root module that cannot be read: which file (as shown), and where and why (its cause). */
public final class UnreadableFileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final HclSyntaxException where;

    UnreadableFileException(final String file, final HclSyntaxException where) {
        super(where.getMessage(), where);
        this.file = file;
        this.where = where;
    }

    /** A file that cannot be read at all (no line, no column). */
    UnreadableFileException(final String file, final String message) {
        this(file, new HclSyntaxException(0, 0, message));
    }

    public String file() {
        return file;
    }

    /** 1-based; 0 when the problem has no line. */
    public int line() {
        return where.line();
    }

    /** 1-based; 0 when unknown. */
    public int column() {
        return where.column();
    }
}
