package io.stackdrift.digest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a stack's digest covers: every file under its directory except tool caches, state and
 * Stack Drift's own temporary files, plus every file of the local modules it references
 * ({@code source = "./x"} or {@code "../x"}), followed recursively. No git: the walk sees what is
 * on disk, which in a CI checkout is the tracked files plus what the tools left (skipped below).
 *
 * <p>The module reference scan is a regular expression over {@code .tf}/{@code .tofu} text: it may
 * also match a {@code source} in a comment, which only adds files (a redeploy too many, never one
 * too few). Registry and git module sources are not local and are covered by the lock file and the
 * tool version only.
 */
public final class StackFiles {
    private static final Set<String> SKIPPED_DIRS = Set.of(".terraform", ".git", ".pulumi", "node_modules");
    private static final Pattern LOCAL_SOURCE = Pattern.compile("\\bsource\\s*=\\s*\"(\\.{1,2}/[^\"]*)\"");

    private StackFiles() {
    }

    /**
     * Files by a stable label ({@code stack/<relative path>} and {@code module/<path relative to the
     * repository root>}), sorted by label.
     *
     * @param excludedDirs directories of other stacks nested inside this one (a root stack "." holds
     *                     them); their files belong to those stacks
     */
    public static Map<String, Path> collect(final Path repoRoot, final Path stackDir, final Set<Path> excludedDirs) throws IOException {
        Path root = repoRoot.toAbsolutePath().normalize();
        Path dir = stackDir.toAbsolutePath().normalize();
        Set<Path> excluded = new LinkedHashSet<>();
        excludedDirs.forEach(p -> excluded.add(p.toAbsolutePath().normalize()));
        excluded.remove(dir);
        Map<String, Path> files = new TreeMap<>();
        walk(dir, excluded, (file) -> files.put("stack/" + slashes(dir.relativize(file)), file));
        Set<Path> seen = new LinkedHashSet<>();
        seen.add(dir);
        Deque<Path> modulesToRead = new ArrayDeque<>(localModules(dir));
        while (!modulesToRead.isEmpty()) {
            Path module = modulesToRead.pop().normalize();
            if (!seen.add(module)) {
                continue;
            }
            String label = "module/" + (module.startsWith(root) ? slashes(root.relativize(module)) : slashes(module));
            if (!Files.isDirectory(module)) {
                files.put(label + "/<missing>", module);
                continue;
            }
            walk(module, Set.of(), file -> files.put(label + "/" + slashes(module.relativize(file)), file));
            modulesToRead.addAll(localModules(module));
        }
        return files;
    }

    /** A file that belongs in a digest (not state, not a cache, not our own override). */
    static boolean isCovered(final String fileName) {
        return !fileName.contains(".tfstate") && !fileName.equals("stackdrift_override.tf")
                && !(fileName.startsWith(".stackdrift_override.tf.") && fileName.endsWith(".tmp"));
    }

    private interface FileSink {
        void add(Path file);
    }

    private static void walk(final Path dir, final Set<Path> excluded, final FileSink sink) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(final Path d, final BasicFileAttributes attrs) {
                if (!d.equals(dir) && (SKIPPED_DIRS.contains(d.getFileName().toString()) || excluded.contains(d.normalize()))) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(final Path file, final BasicFileAttributes attrs) {
                if (attrs.isRegularFile() && isCovered(file.getFileName().toString())) {
                    sink.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Local module directories named by {@code source} arguments in the directory's own configuration files. */
    static Set<Path> localModules(final Path dir) throws IOException {
        Set<Path> out = new LinkedHashSet<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (var list = Files.list(dir)) {
            for (Path file : list.sorted().toList()) {
                String name = file.getFileName().toString();
                if (Files.isRegularFile(file) && (name.endsWith(".tf") || name.endsWith(".tofu")) && isCovered(name)) {
                    Matcher m = LOCAL_SOURCE.matcher(Files.readString(file, StandardCharsets.UTF_8));
                    while (m.find()) {
                        out.add(dir.resolve(m.group(1)).normalize());
                    }
                }
            }
        }
        return out;
    }

    private static String slashes(final Path path) {
        return path.toString().replace('\\', '/');
    }
}
