package io.stackdrift.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import io.stackdrift.model.Directories;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.RunRecord;
import io.stackdrift.record.RunWorkDirectories;
import io.stackdrift.render.DiagnosticSnippets;
import io.stackdrift.render.SecretMask;
import io.stackdrift.render.StackFileName;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;

/**
 * What the tools of a run said, so that a failed stack's "see the tool's output" points at a file: each process's
 * command, exit, stderr (the part the runner kept) and, unless it is JSON, the end of its stdout, masked, appended to
 * one file of the run's work directory (each under its stack's folder name: one file per run, not one per stack, since
 * only a failed stack's are read again); at the end the output of each failed stack is copied to
 * {@code <record>/logs/run-<id>/<stack>.log} (owner-only, the newest {@value #KEPT_RUNS} runs kept).
 */
final class ToolOutputKeeper implements ProcessRunner {
    static final String FILE = "tool-output.bin";
    static final String LOGS_DIR = "logs";
    private static final int KEPT_RUNS = 20;
    private static final int STDOUT_TAIL = 64 * 1024;

    private final ProcessRunner runner;
    private final Path workDir;
    private final Supplier<SecretMask> mask;
    /** The run's transcripts, made on the first; guarded by this. */
    private DataOutputStream transcripts;

    ToolOutputKeeper(final ProcessRunner runner, final Path workDir, final Supplier<SecretMask> mask) {
        this.runner = runner;
        this.workDir = workDir.toAbsolutePath().normalize();
        this.mask = mask;
    }

    @Override
    public ProcessResult run(final ProcessSpec spec) throws IOException, InterruptedException {
        ProcessResult result = runner.run(spec);
        Path stdout = spec.stdoutFile().toAbsolutePath().normalize();
        if (stdout.startsWith(workDir) && !stdout.equals(workDir)) {
            append(workDir.relativize(stdout).getName(0).toString(), transcript(spec, result));
        }
        return result;
    }

    private String transcript(final ProcessSpec spec, final ProcessResult result) throws IOException {
        StringBuilder out = new StringBuilder("$ ").append(String.join(" ", spec.command())).append("    (in ")
                .append(spec.workingDir()).append(")\n");
        out.append(result.notFound() ? "could not be started" : result.timedOut() ? "killed at the timeout" : "exit " + result.exitCode())
                .append('\n');
        if (spec.command().contains("-json") || spec.command().contains("--json")) {
            out.append("--- stdout: JSON for Stack Drift, not kept here\n");
        } else {
            out.append("--- stdout").append('\n').append(tail(result.stdoutFile()));
        }
        out.append("--- stderr\n").append(result.stderrTail()).append("\n\n");
        // a diagnostic's source lines and values (a variable's default) are no credential, but no less a value
        return mask.get().mask(DiagnosticSnippets.mask(out.toString()));
    }

    private static String tail(final Path file) throws IOException {
        if (file == null || !Files.isRegularFile(file)) {
            return "";
        }
        long size = Files.size(file);
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(Math.max(0, size - STDOUT_TAIL));
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return (size > STDOUT_TAIL ? "… (the last " + STDOUT_TAIL / 1024 + " KiB)\n" : "") + text + (text.endsWith("\n") ? "" : "\n");
        }
    }

    /** One transcript of the stack whose folder is {@code stackDir}: its name, then the text, each as length and UTF-8. */
    private synchronized void append(final String stackDir, final String text) throws IOException {
        if (transcripts == null) {
            Directories.ensure(workDir);
            transcripts = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(workDir.resolve(FILE),
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND)));
        }
        writeText(transcripts, stackDir);
        writeText(transcripts, text);
        // whole transcripts only: a run killed now leaves nothing half written for the next reader
        transcripts.flush();
    }

    private static void writeText(final DataOutputStream out, final String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    /** The transcripts of the stacks whose folder names are {@code stackDirs}, each stack's in the order written. */
    private synchronized Map<String, StringBuilder> transcriptsOf(final Set<String> stackDirs) throws IOException {
        Map<String, StringBuilder> texts = new HashMap<>();
        if (transcripts == null || stackDirs.isEmpty()) {
            return texts;
        }
        transcripts.flush();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(workDir.resolve(FILE))))) {
            while (true) {
                int nameLength;
                try {
                    nameLength = in.readInt();
                } catch (EOFException e) {
                    return texts;
                }
                String name = new String(in.readNBytes(nameLength), StandardCharsets.UTF_8);
                int textLength = in.readInt();
                if (stackDirs.contains(name)) {
                    String text = new String(in.readNBytes(textLength), StandardCharsets.UTF_8);
                    texts.computeIfAbsent(name, k -> new StringBuilder()).append(text);
                } else {
                    in.skipNBytes(textLength);
                }
            }
        }
    }

    /**
     * Copies the tool output of each failed stack of the run to the record's logs and returns where each went; a copy
     * that cannot be written is left out (the run's result does not depend on it).
     */
    Map<StackId, Path> keep(final RunRecord run, final Path recordDir) {
        Map<StackId, Path> kept = new TreeMap<>();
        Path runLogs = runLogs(recordDir, run.runId());
        Set<String> failed = run.rows().stream().filter(row -> row.state() == RowState.FAILED).map(this::folderOf)
                .collect(Collectors.toSet());
        Map<String, StringBuilder> texts;
        try {
            texts = transcriptsOf(failed);
        } catch (IOException e) {
            // no copies: the rows keep their own reasons
            return kept;
        }
        for (Row row : run.rows()) {
            StringBuilder text = texts.get(folderOf(row));
            if (row.state() != RowState.FAILED || text == null) {
                continue;
            }
            try {
                Path target = runLogs.resolve(StackFileName.of(row.id()) + ".log");
                createPrivateDirectories(runLogs);
                // masked again: the mask of the end of the run is never narrower than the one the transcript had
                Files.writeString(target, mask.get().mask(text.toString()), StandardCharsets.UTF_8);
                if (target.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-------"));
                }
                kept.put(row.id(), target);
            } catch (IOException e) {
                // no copy: the row keeps its own reason
            }
        }
        if (!kept.isEmpty()) {
            prune(recordDir.resolve(LOGS_DIR));
        }
        return kept;
    }

    /** Where the tool output of a run's failed stacks is kept: {@code <record>/logs/run-<id>/}. */
    static Path runLogs(final Path recordDir, final String runId) {
        return recordDir.resolve(LOGS_DIR).resolve("run-" + StackFileName.of(StackId.of(runId)));
    }

    private String folderOf(final Row row) {
        return String.valueOf(RunWorkDirectories.stackDir(workDir, row.id()).getFileName());
    }

    /** Closes the run's transcripts (the work directory is deleted next). */
    synchronized void close() {
        if (transcripts != null) {
            try {
                transcripts.close();
            } catch (IOException e) {
                // written through flush after each transcript: nothing is lost
            }
            transcripts = null;
        }
    }

    private static void createPrivateDirectories(final Path dir) throws IOException {
        Directories.ensure(dir);
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** Keeps the logs of the newest runs only: the history keeps a bounded number of runs too. */
    private static void prune(final Path logs) {
        List<Path> runs = new ArrayList<>();
        try (var listing = Files.list(logs)) {
            listing.filter(Files::isDirectory).forEach(runs::add);
        } catch (IOException e) {
            return;
        }
        runs.sort(Comparator.comparingLong(ToolOutputKeeper::modified).reversed());
        for (Path old : runs.subList(Math.min(KEPT_RUNS, runs.size()), runs.size())) {
            Directories.delete(old);
        }
    }

    private static long modified(final Path dir) {
        try {
            return Files.getLastModifiedTime(dir).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}
