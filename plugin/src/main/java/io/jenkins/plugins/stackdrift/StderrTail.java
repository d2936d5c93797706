package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** Passes a tool's stderr on to the console and keeps its last bytes for a one-line failure reason. */
final class StderrTail extends OutputStream {
    private final OutputStream console;
    private final byte[] ring;
    private long written;

    StderrTail(final OutputStream console, final int keep) {
        this.console = console;
        this.ring = new byte[keep];
    }

    @Override
    public void write(final int b) throws IOException {
        console.write(b);
        ring[(int) (written % ring.length)] = (byte) b;
        written++;
    }

    @Override
    public void flush() throws IOException {
        console.flush();
    }

    /** Closing leaves the console open: it belongs to the build. */
    @Override
    public void close() throws IOException {
        console.flush();
    }

    String tail() {
        int size = (int) Math.min(written, ring.length);
        byte[] last = new byte[size];
        for (int i = 0; i < size; i++) {
            last[i] = ring[(int) ((written - size + i) % ring.length)];
        }
        return new String(last, StandardCharsets.UTF_8);
    }
}
