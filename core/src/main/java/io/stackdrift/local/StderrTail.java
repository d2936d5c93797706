package io.stackdrift.local;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps the last bytes of a stream, however long it runs: a chatty tool cannot fill memory, and the end
 * of stderr is where the error is.
 */
final class StderrTail {
    static final int DEFAULT_LIMIT = 16 * 1024;

    private final byte[] ring;
    private long written;

    StderrTail(final int limit) {
        if (limit <= 0) {
            throw new IllegalArgumentException("limit must be positive");
        }
        this.ring = new byte[limit];
    }

    /** Reads {@code in} to its end, keeping the tail. */
    void drain(final InputStream in) throws IOException {
        byte[] buffer = new byte[8192];
        int read;
        while ((read = in.read(buffer)) != -1) {
            append(buffer, read);
        }
    }

    synchronized void append(final byte[] bytes, final int length) {
        int start = Math.max(0, length - ring.length);
        for (int i = start; i < length; i++) {
            ring[(int) (written++ % ring.length)] = bytes[i];
        }
    }

    /** The kept tail as text; when bytes were dropped, it starts at the next full line. */
    synchronized String text() {
        int size = (int) Math.min(written, ring.length);
        byte[] tail = new byte[size];
        long first = written - size;
        for (int i = 0; i < size; i++) {
            tail[i] = ring[(int) ((first + i) % ring.length)];
        }
        String text = new String(tail, StandardCharsets.UTF_8);
        if (written > ring.length) {
            int newline = text.indexOf('\n');
            text = newline >= 0 ? text.substring(newline + 1) : text;
        }
        return text;
    }
}
