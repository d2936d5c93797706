package io.stackdrift.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.stackdrift.model.StackId;

/**
 * The files of a report as rows (docs/report.md, "Reports of files"): one id per file, never shared, and an input that
 * cannot be read twice — a pipe, {@code <(cat plan.json)}, {@code /dev/fd/N}, a FIFO — read once.
 */
final class ReportInputs {
    private static final int COPY_BUFFER = 1 << 16;

    private ReportInputs() {
    }

    /**
     * The row id of each file: its base name where no other file has it, else the path as given; the same path given
     * twice gets {@code #2}, {@code #3}… so that no row (and no page of the static report) hides another.
     */
    static List<StackId> ids(final List<Path> files) {
        Map<String, Integer> names = new HashMap<>();
        for (Path file : files) {
            names.merge(baseName(file), 1, Integer::sum);
        }
        Map<String, Integer> seen = new HashMap<>();
        List<StackId> ids = new ArrayList<>();
        for (Path file : files) {
            String name = baseName(file);
            String id = names.get(name) == 1 ? name : file.normalize().toString();
            int n = seen.merge(id, 1, Integer::sum);
            ids.add(StackId.of(n == 1 ? id : id + " #" + n));
        }
        return ids;
    }

    private static String baseName(final Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }

    /**
     * A copy of an input that is not a regular file, made by reading it once, to be read from instead (the reader
     * looks at the start of a file to tell its format, then reads it from the start: a pipe would have lost that
     * start). Empty for a regular file or one that does not exist (the reader says why). An input whose first byte
     * that is not white space cannot start JSON is not copied on: it is refused as the reader would refuse it, at
     * once ({@code /dev/zero} never ends).
     *
     * @throws NotJson when the input cannot be JSON
     */
    static Optional<Path> readOnce(final Path file) throws IOException {
        if (Files.isRegularFile(file) || !Files.exists(file) || Files.isDirectory(file)) {
            return Optional.empty();
        }
        Path copy = Files.createTempFile("stackdrift-report-input", ".json");
        boolean done = false;
        try (InputStream in = Files.newInputStream(file); OutputStream out = Files.newOutputStream(copy)) {
            byte[] buffer = new byte[COPY_BUFFER];
            boolean started = false;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (!started) {
                    int first = firstNonBlank(buffer, n);
                    if (first >= 0 && buffer[first] != '{' && buffer[first] != '[') {
                        throw new NotJson();
                    }
                    started = first >= 0;
                }
                out.write(buffer, 0, n);
            }
            done = true;
            return Optional.of(copy);
        } finally {
            if (!done) {
                Files.deleteIfExists(copy);
            }
        }
    }

    private static int firstNonBlank(final byte[] buffer, final int length) {
        for (int i = 0; i < length; i++) {
            byte b = buffer[i];
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return i;
            }
        }
        return -1;
    }

    /** The input does not start with a JSON object or array. */
    static final class NotJson extends IOException {
        private static final long serialVersionUID = 1L;

        NotJson() {
            super("not a plan or preview: the file does not start with a JSON object or array");
        }
    }
}
