package io.jenkins.plugins.stackdrift.agent;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import io.stackdrift.render.SecretMask;

/**
 * What the engine prints on the agent, into the build log line by line through the step's {@link SecretMask} (a
 * secret never spans lines in tool output). Jenkins's own {@code LineTransformationOutputStream} would do the line
 * splitting, but the Maven-Central-only build has only its declaration, and this stream is tested here. Output is
 * UTF-8.
 */
public final class SecretMaskingOutputStream extends FilterOutputStream {
    private final SecretMask mask;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public SecretMaskingOutputStream(final OutputStream out, final SecretMask mask) {
        super(out);
        this.mask = mask;
    }

    @Override
    public synchronized void write(final int b) throws IOException {
        line.write(b);
        if (b == '\n') {
            emitLine();
        }
    }

    @Override
    public synchronized void write(final byte[] b, final int off, final int len) throws IOException {
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                line.write(b, start, i + 1 - start);
                emitLine();
                start = i + 1;
            }
        }
        line.write(b, start, off + len - start);
    }

    /** Flushing does not emit a partial line: a secret could be cut in two and escape the mask. */
    @Override
    public synchronized void flush() throws IOException {
        out.flush();
    }

    /** Emits the last partial line; the stream underneath (the build log) stays open: it is not ours. */
    @Override
    public synchronized void close() throws IOException {
        if (line.size() > 0) {
            emitLine();
        }
        out.flush();
    }

    private void emitLine() throws IOException {
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        out.write(mask.mask(text).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
