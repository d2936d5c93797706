package io.stackdrift.ownership;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.ownership.DeclaredResource.IgnoreChanges;
import io.stackdrift.record.AtomicFiles;
import io.stackdrift.record.ProcessOwner;

/**
 * The temporary {@value #FILE_NAME} that makes Terraform/OpenTofu respect field ownership (docs/field-ownership.md, "The override file"):
 * for each resource with accepted ignore paths, {@code resource "T" "N" { lifecycle { ignore_changes = [...] } }}.
 *
 * <p>Override files merge into the resource's own block, and inside {@code lifecycle} they merge
 * argument by argument: the override's {@code ignore_changes} <em>replaces</em> the resource's own.
 * So the file writes the union of the resource's own list and the owned paths; a resource whose own
 * value is {@code all} keeps {@code all}; a resource whose own value the scanner cannot read as a list
 * (an expression), or that another override file already changes, is refused rather than guessed at.
 *
 * <p>Use with try-with-resources so the file goes away after the plan and apply, on success and on
 * exception. Only a run that holds the stack directory ({@link DirectoryHold}) writes or removes the file, and it
 * keeps the hold until {@code close()}; the file names its owner process. A killed process cannot run
 * {@code close()}: {@link #removeLeftovers} at the start of every run deletes a file that begins with
 * {@link #HEADER} (never a user's own), and only when it can take the hold and the owner process is gone, never
 * because the file is there.
 */
public final class OverrideFile implements AutoCloseable {
    public static final String FILE_NAME = "stackdrift_override.tf";
    /** The first line of every file written here; what {@link #removeLeftovers} recognises. */
    public static final String HEADER = "# stackdrift: temporary override written by Stack Drift for field ownership; "
            + "removed after the run";

    /** The second line of every file written here: which process owns it. */
    static final String OWNER_PREFIX = "# owner: ";

    private final Path file;
    private final DirectoryHold hold;

    private OverrideFile(final Path file, final DirectoryHold hold) {
        this.file = file;
        this.hold = hold;
    }

    /** A resource's ownership cannot be expressed safely in an override file. */
    public static final class RefusedException extends Exception {
        private static final long serialVersionUID = 1L;

        public RefusedException(final String message) {
            super(message);
        }
    }

    /**
     * Writes the file (atomically) for the accepted paths. An empty list writes nothing and the
     * returned handle's close does nothing harmful.
     */
    public static OverrideFile write(final Path stackDir, final List<IgnorePath> accepted, final ResourceScanner.Result declarations)
            throws IOException, RefusedException {
        Path file = stackDir.resolve(FILE_NAME);
        if (isForeign(file)) {
            throw new RefusedException(stackDir.getFileName() + "/" + FILE_NAME
                    + " exists and was not written by Stack Drift; rename it, Stack Drift needs this file name");
        }
        DirectoryHold hold = DirectoryHold.tryHold(stackDir).orElseThrow(() -> new RefusedException(
                "another run (" + DirectoryHold.holderOf(stackDir) + ") works in " + stackDir.getFileName()
                        + " right now and owns its " + FILE_NAME + "; run this stack again when it is done"));
        boolean handedOver = false;
        try {
            OverrideFile written = writeHolding(stackDir, file, hold, accepted, declarations);
            handedOver = true;
            return written;
        } finally {
            if (!handedOver) {
                hold.close();
            }
        }
    }

    private static OverrideFile writeHolding(final Path stackDir, final Path file, final DirectoryHold hold,
            final List<IgnorePath> accepted, final ResourceScanner.Result declarations) throws IOException, RefusedException {
        Optional<ProcessOwner> owner = ownerOf(file);
        if (owner.isPresent() && owner.get().isAlive() && !owner.get().isCurrent()) {
            // a run of an older Stack Drift (without the hold) may still use it
            throw new RefusedException(stackDir.getFileName() + "/" + FILE_NAME + " belongs to the live run of pid " + owner.get().pid()
                    + "; run this stack again when it is done");
        }
        Map<String, Set<String>> byResource = new LinkedHashMap<>();
        Map<String, DeclaredResource> resources = new LinkedHashMap<>();
        for (IgnorePath path : accepted) {
            DeclaredResource resource = declarations.resource(path.resource())
                    .orElseThrow(() -> new IllegalArgumentException("not declared: " + path.resource()));
            String otherOverride = declarations.overriddenIgnoreChanges().get(path.resource());
            if (otherOverride != null) {
                throw new RefusedException(path.resource() + ": " + otherOverride + " already sets lifecycle.ignore_changes for it, "
                        + "and override files replace that argument rather than merge it; move that ignore_changes into "
                        + resource.file() + " or drop the ignore path");
            }
            resources.put(path.resource(), resource);
            byResource.computeIfAbsent(path.resource(), r -> new LinkedHashSet<>()).add(path.attribute().toHcl());
        }
        if (byResource.isEmpty()) {
            Files.deleteIfExists(file);
            return new OverrideFile(file, hold);
        }
        StringBuilder text = new StringBuilder(HEADER).append('\n')
                .append(OWNER_PREFIX).append(ProcessOwner.current().text()).append('\n')
                .append("# Do not edit or commit this file. lifecycle.ignore_changes below is the resource's own list plus\n")
                .append("# the paths stacks.yaml gives to another owner.\n");
        for (Map.Entry<String, Set<String>> entry : byResource.entrySet()) {
            DeclaredResource resource = resources.get(entry.getKey());
            String list = ignoreChanges(resource, entry.getValue());
            text.append('\n')
                    .append("resource \"").append(AttributePath.escapeHclString(resource.type())).append("\" \"")
                    .append(AttributePath.escapeHclString(resource.name())).append("\" {\n")
                    .append("  lifecycle {\n")
                    .append("    ignore_changes = ").append(list).append('\n')
                    .append("  }\n")
                    .append("}\n");
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        AtomicFiles.write(file, out -> out.write(bytes));
        return new OverrideFile(file, hold);
    }

    private static String ignoreChanges(final DeclaredResource resource, final Set<String> owned) throws RefusedException {
        IgnoreChanges own = resource.ignoreChanges();
        switch (own.form()) {
            case ALL:
                return "all";
            case UNREADABLE:
                throw new RefusedException(resource.address() + " (" + resource.file() + ":" + resource.line()
                        + ") sets ignore_changes to something other than a list of attributes; an override would replace it. "
                        + "Write it as a plain list, as in ignore_changes = [tags, desired_capacity]");
            default:
                Set<String> union = new LinkedHashSet<>(own.elements());
                union.addAll(owned);
                return "[" + String.join(", ", union) + "]";
        }
    }

    public Path path() {
        return file;
    }

    /** Removes the file, then lets the directory go; safe to call more than once. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file + "; delete it by hand before the next plan", e);
        } finally {
            hold.close();
        }
    }

    /**
     * Removes an override file (and its temporary files) left in {@code stackDir} by a run that is gone: only while
     * no run holds the directory, and only when the process the file names is not alive. Returns whether there was
     * one. A file of that name without our header, or of a live owner, is left alone.
     */
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    public static boolean removeLeftovers(final Path stackDir) throws IOException {
        Path file = stackDir.resolve(FILE_NAME);
        boolean ours = Files.isRegularFile(file) && isOurs(file);
        List<Path> temps = new ArrayList<>();
        if (Files.isDirectory(stackDir)) {
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(stackDir, "." + FILE_NAME + ".*")) {
                stream.forEach(p -> {
                    if (AtomicFiles.isTemporary(p)) {
                        temps.add(p);
                    }
                });
            }
        }
        if (!ours && temps.isEmpty()) {
            return false;
        }
        Optional<DirectoryHold> hold = DirectoryHold.tryHold(stackDir);
        if (hold.isEmpty()) {
            return false; // a live run works in the directory: what is there is its own
        }
        try (DirectoryHold held = hold.get()) {
            boolean removed = false;
            Optional<ProcessOwner> owner = ours ? ownerOf(file) : Optional.empty();
            if (ours && owner.map(o -> !o.isAlive() || o.isCurrent()).orElse(true)) {
                Files.deleteIfExists(file);
                removed = true;
            }
            for (Path temp : temps) {
                removed |= Files.deleteIfExists(temp);
            }
            return removed;
        }
    }

    /** The owner line of one of our files; empty when it has none (written by an older Stack Drift) or cannot be read. */
    private static Optional<ProcessOwner> ownerOf(final Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            if (!HEADER.equals(reader.readLine())) {
                return Optional.empty();
            }
            String line = reader.readLine();
            return line != null && line.startsWith(OWNER_PREFIX) ? ProcessOwner.parse(line) : Optional.empty();
        } catch (MalformedInputException | NoSuchFileException e) {
            // gone meanwhile: its run closed it (the checks above run before this run holds the directory)
            return Optional.empty();
        }
    }

    private static boolean isOurs(final Path file) throws IOException {
        return header(file).map(HEADER::equals).orElse(false);
    }

    /** A file of that name that Stack Drift did not write (a user's own); one that is not there, or went, is not. */
    private static boolean isForeign(final Path file) throws IOException {
        return header(file).map(first -> !HEADER.equals(first)).orElse(false);
    }

    /** The first line; empty when there is no file (also when another run removed it just now). */
    private static Optional<String> header(final Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return Optional.of(Objects.requireNonNullElse(reader.readLine(), ""));
        } catch (MalformedInputException e) {
            return Optional.of("");
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }
}
