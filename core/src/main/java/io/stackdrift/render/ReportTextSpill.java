package io.stackdrift.render;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.Counts;
import io.stackdrift.model.RowState;
import io.stackdrift.spi.ReportListener;
import io.stackdrift.spi.ReportedFile;

/**
 * A report as text ({@code stackdrift report} without {@code --json}): each change of the file being read goes to a
 * spill file at once as a text line, because the row's state is known only at the end of the file and a failed row
 * shows no changes, so they wait on disk, never in memory. {@link #write} then prints the counts line and each file
 * with its lines. (The run JSON spills through {@link ReportSpill} instead, in its own form.) {@link #close()} deletes
 * every spill file.
 */
public final class ReportTextSpill implements ReportListener, Closeable {
    private final List<FileResult> results = new ArrayList<>();
    private BufferedWriter text;
    private Path spill;

    /** One file read: how it read, and the spill file that holds its changes as text lines, as they were read. */
    private record FileResult(ReportedFile read, Path spill) {
    }

    @Override
    public void change(final Path file, final Change change) {
        try {
            open();
            text.write(textLine(change));
            text.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void fileRead(final ReportedFile file) {
        try {
            open();
            text.close();
            results.add(new FileResult(file, spill));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            text = null;
            spill = null;
        }
    }

    /**
     * The counts line, then each file read, in order: its label, state and number of changes (a failed file its
     * reason), and its changes.
     *
     * @param colour true to colour the counts line's dots with ANSI escapes
     */
    public void write(final Counts counts, final boolean colour, final PrintWriter out) throws IOException {
        out.println(CountsLine.text(counts, colour));
        for (FileResult result : results) {
            write(out, result);
        }
    }

    private void open() throws IOException {
        if (spill == null) {
            spill = Files.createTempFile("stackdrift-report", ".txt");
            text = Files.newBufferedWriter(spill, StandardCharsets.UTF_8);
        }
    }

    /** Deletes every spill file, also that of a file whose read threw. */
    @Override
    public void close() throws IOException {
        if (text != null) {
            text.close();
        }
        if (spill != null) {
            Files.deleteIfExists(spill);
        }
        for (FileResult result : results) {
            Files.deleteIfExists(result.spill());
        }
    }

    /** The file's row id: its base name, or its path where two files share a base name (the engine's rule). */
    private static String label(final ReportedFile read) {
        return TextSafe.clean(read.stack().value());
    }

    private static String textLine(final Change change) {
        return "  " + (change.cause() == Cause.DRIFT ? "drift " : "change") + "  " + change.action().word()
                + "  " + TextSafe.clean(change.type()) + "  " + TextSafe.clean(change.address())
                + (change.paths().isEmpty() ? "" : "  " + TextSafe.clean(String.join(", ", change.paths())));
    }

    private static void write(final PrintWriter out, final FileResult result) throws IOException {
        ReportedFile read = result.read();
        RowState state = read.state();
        if (state == RowState.FAILED) {
            out.println(label(read) + " · failed · " + TextSafe.clean(read.reason()));
            return;
        }
        long count = read.count();
        out.println(label(read) + " · " + state.word() + " · " + count + (count == 1 ? " change" : " changes"));
        try (BufferedReader lines = Files.newBufferedReader(result.spill(), StandardCharsets.UTF_8)) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.println(line);
            }
        }
    }
}
