package io.stackdrift.drift;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.stackdrift.drift.DeclaredResource.IgnoreChanges;
import io.stackdrift.record.AtomicFiles;

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
 * exception. A killed process cannot run {@code close()}: {@link #removeLeftovers} at the start of every
 * run deletes a file that begins with {@link #HEADER} (and only such a file, never a user's own).
 */
public final class OverrideFile implements AutoCloseable {
    public static final String FILE_NAME = "stackdrift_override.tf";
    /** The first line of every file written here; what {@link #removeLeftovers} recognises. */
    public static final String HEADER = "# stackdrift: temporary override written by Stack Drift for field ownership; "
            + "removed after the run";

    private final Path file;

    private OverrideFile(final Path file) {
        this.file = file;
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
        if (Files.exists(file) && !isOurs(file)) {
            throw new RefusedException(stackDir.getFileName() + "/" + FILE_NAME
                    + " exists and was not written by Stack Drift; rename it, Stack Drift needs this file name");
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
            return new OverrideFile(file);
        }
        StringBuilder text = new StringBuilder(HEADER).append('\n')
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
        return new OverrideFile(file);
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

    /** Removes the file; safe to call more than once. */
    @Override
    public void close() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + file + "; delete it by hand before the next plan", e);
        }
    }

    /**
     * Removes an override file (and its temporary files) left in {@code stackDir} by a process that was
     * killed. Returns whether there was one. A file of that name without our header is left alone.
     */
    public static boolean removeLeftovers(final Path stackDir) throws IOException {
        boolean removed = false;
        Path file = stackDir.resolve(FILE_NAME);
        if (Files.isRegularFile(file) && isOurs(file)) {
            Files.delete(file);
            removed = true;
        }
        if (Files.isDirectory(stackDir)) {
            List<Path> temps = new ArrayList<>();
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(stackDir, "." + FILE_NAME + ".*")) {
                stream.forEach(temps::add);
            }
            for (Path temp : temps) {
                if (AtomicFiles.isTemporary(temp)) {
                    Files.deleteIfExists(temp);
                    removed = true;
                }
            }
        }
        return removed;
    }

    private static boolean isOurs(final Path file) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return HEADER.equals(reader.readLine());
        } catch (MalformedInputException e) {
            return false;
        }
    }
}
