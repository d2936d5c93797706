package io.jenkins.plugins.stackdrift.agent;

import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Replaces every secret value with {@code ****} in what a tool prints, line by line (a secret never
 * spans lines in tool output). Longer secrets are replaced first, so one that contains another is
 * masked whole. Output is UTF-8.
 */
public final class SecretMaskingOutputStream extends FilterOutputStream {
    static final String MASK = "****";

    private final Masker masker;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    public SecretMaskingOutputStream(final OutputStream out, final Collection<String> secrets) {
        super(out);
        this.masker = new Masker(secrets);
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
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
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
        out.write(mask(text).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    String mask(final String text) {
        return masker.mask(text);
    }

    /** Replaces every secret in a text; longer secrets first, so one that contains another is masked whole. */
    static final class Masker {
        private final List<String> secrets;

        Masker(final Collection<String> secrets) {
            this.secrets = secrets.stream().filter(s -> !s.isEmpty()).distinct()
                    .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        }

        String mask(final String text) {
            String masked = text;
            for (String secret : secrets) {
                masked = masked.replace(secret, MASK);
            }
            return masked;
        }
    }
}
