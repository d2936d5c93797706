package io.stackdrift.plan;

/**
 * Thrown by {@link ByteJsonParser} where it stops short of Jackson (a syntax error, a truncated file, anything it does
 * not read exactly as Jackson's strict defaults would): the caller reads the file again with Jackson, which decides.
 */
final class ByteJsonUnsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ByteJsonUnsupported() {
        super("read with Jackson", null, false, false);
    }
}
