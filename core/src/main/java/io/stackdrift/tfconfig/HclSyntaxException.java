package io.stackdrift.tfconfig;

/** A file the reader cannot read, with where: 1-based line and column (0 when unknown). */
public final class HclSyntaxException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    public HclSyntaxException(final int line, final int column, final String message) {
        super(message);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
