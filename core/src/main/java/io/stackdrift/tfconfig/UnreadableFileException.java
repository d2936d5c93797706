package io.stackdrift.tfconfig;

/** A file of a root module that cannot be read: which file (as shown), where (1-based; 0 when unknown) and why. */
public final class UnreadableFileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;

    public UnreadableFileException(final String file, final int line, final int column, final String message) {
        super(message);
        this.file = file;
        this.line = line;
        this.column = column;
    }

    public String file() {
        return file;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
