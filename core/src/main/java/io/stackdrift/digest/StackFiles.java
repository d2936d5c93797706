package io.stackdrift.digest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files a stack's digest covers (docs/digest.md, "Which files"): the stack directory's files plus those of the local
 * modules it references ({@code source = "./x"} or {@code "../x"}), followed recursively.
 *
 * <p>Which files: what the {@link FileLister} lists of each directory (for a git checkout, the files git tracks and the
 * untracked ones it does not ignore, asked of git), and in any case every file the tools read there whether git ignores
 * it or not ({@link #isToolInput}: {@code *.tf}, {@code *.tf.json}, {@code *.tfvars}, the lock file, Pulumi's project and
 * stack files and program entry points). A directory the lister cannot say anything of is walked: every file on
 * disk, leaving out what tools and language runtimes leave behind — {@link #SKIPPED_DIRS} anywhere,
 * {@code *.pyc}/{@code *.pyo} files, and build output beside its project file ({@code bin/}, {@code obj/}
 * beside a {@code *.csproj}/{@code *.fsproj}/{@code *.vbproj}; {@code target/} beside a {@code pom.xml}).
 * In both modes state files, Stack Drift's own override file and the record directory ({@code .stackdrift}) are left
 * out (docs/digest.md).
 *
 * <p>Symbolic links: one whose target stays inside the repository is followed (a {@code provider.tf} linked
 * from {@code ../shared} counts with its content; a linked directory with its files); one that leads outside
 * the repository, or nowhere, counts as the text of its target.
 *
 * <p>The module reference scan is a regular expression over {@code .tf}/{@code .tofu} text: it may also
 * match a {@code source} in a comment, which only adds files (a redeploy too many, never one too few).
 * Registry and git module sources are not local and are covered by the lock file and the tool version only.
 */
public final class StackFiles {
    /** Tool caches and dependency/virtualenv directories, skipped anywhere in the walk (not under git). */
    static final Set<String> SKIPPED_DIRS = Set.of(".terraform", ".terragrunt-cache", ".git", ".pulumi", "node_modules",
            "__pycache__", "venv", ".venv", ".tox", ".mypy_cache", ".pytest_cache", ".stackdrift");
    /** Files a tool reads of a stack or module directory by their name alone, ignored by git or not. */
    private static final Pattern TOOL_INPUT = Pattern.compile(".*\\.(tf|tf\\.json|tofu|tofu\\.json|tfvars|tfvars\\.json)"
            + "|\\.terraform\\.lock\\.hcl|Pulumi\\.ya?ml|Pulumi\\.[^/]+\\.ya?ml"
            + "|index\\.(ts|js|mjs|cjs)|__main__\\.py|main\\.go|Program\\.(cs|fs|vb)|Main\\.(java|kt)|package\\.json|requirements\\.txt"
            + "|go\\.(mod|sum)|pyproject\\.toml");
    private static final Pattern LOCAL_SOURCE = Pattern.compile("\\bsource\\s*=\\s*\"(\\.{1,2}/[^\"]*)\"");
    private static final Pattern DOTNET_PROJECT = Pattern.compile(".*\\.(cs|fs|vb)proj");

    /** What the digest takes from an entry. */
    public enum Content {
        /** the file's bytes (a link inside the repository is read through) */
        FILE,
        /** a referenced module directory that does not exist */
        MISSING,
        /** the target text of a link that leaves the repository or leads nowhere */
        LINK_TARGET
    }

    /**
     * One file of a stack.
     *
     * @param label   {@code stack/<path relative to the stack>} or {@code module/<path relative to the repository>/<path>}
     * @param path    where it is on disk
     * @param content what counts of it
     */
    public record Entry(String label, Path path, Content content) {
    }

    private StackFiles() {
    }

    /**
     * Files by a stable label ({@code stack/<relative path>} and {@code module/<path relative to the
     * repository root>}), sorted by label; a missing module is {@code <label>/<missing>}.
     *
     * @param excludedDirs directories of other stacks nested inside this one (a root stack "." holds
     *                     them); their files belong to those stacks
     */
    public static Map<String, Path> collect(final Path repoRoot, final Path stackDir, final Set<Path> excludedDirs,
            final FileLister lister) throws IOException, InterruptedException {
        Map<String, Path> out = new LinkedHashMap<>();
        for (Entry e : entries(repoRoot, stackDir, excludedDirs, lister)) {
            out.put(e.content() == Content.MISSING ? e.label() + "/<missing>" : e.label(), e.path());
        }
        return out;
    }

    /** The stack's files, sorted by label (see the class comment for which files). */
    public static List<Entry> entries(final Path repoRoot, final Path stackDir, final Set<Path> excludedDirs, final FileLister lister)
            throws IOException, InterruptedException {
        Path root = repoRoot.toAbsolutePath().normalize();
        Path dir = stackDir.toAbsolutePath().normalize();
        Set<Path> excluded = new LinkedHashSet<>();
        excludedDirs.forEach(p -> excluded.add(p.toAbsolutePath().normalize()));
        excluded.remove(dir);
        Collector collector = new Collector(root, excluded, lister);
        collector.directory(dir, "stack");
        for (Path module : referencedModules(dir)) {
            String label = "module/" + (module.startsWith(root) ? slashes(root.relativize(module)) : slashes(module));
            if (Files.isDirectory(module)) {
                collector.directory(module, label);
            } else {
                collector.entries.put(label, new Entry(label, module, Content.MISSING));
            }
        }
        return List.copyOf(collector.entries.values());
    }

    /**
     * The local module directories a stack or module directory references, transitively (absolute and
     * normalized, in discovery order; the directory itself is not among them). The digest covers their files,
     * and a push that changes one of them concerns the stacks that reference it.
     */
    public static Set<Path> referencedModules(final Path dir) throws IOException {
        Path start = dir.toAbsolutePath().normalize();
        Set<Path> seen = new HashSet<>();
        seen.add(start);
        Set<Path> out = new LinkedHashSet<>();
        Deque<Path> toRead = new ArrayDeque<>(localModules(start));
        while (!toRead.isEmpty()) {
            Path module = toRead.pop().normalize();
            if (seen.add(module)) {
                out.add(module);
                toRead.addAll(localModules(module));
            }
        }
        return out;
    }

    /** A file a tool reads of a stack or module directory by its name: counted whether git ignores it or not. */
    static boolean isToolInput(final String fileName) {
        return TOOL_INPUT.matcher(fileName).matches();
    }

    /** A file that belongs in a digest (not state, not a cache, not our own override). */
    static boolean isCovered(final String fileName) {
        return !fileName.contains(".tfstate") && !fileName.equals("stackdrift_override.tf")
                && !(fileName.startsWith(".stackdrift_override.tf.") && fileName.endsWith(".tmp"));
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

    /** Gathers the entries of a stack and its modules; remembers followed directory links (no loops). */
    private static final class Collector {
        private final Path realRoot;
        private final Set<Path> excluded;
        private final Set<Path> followed = new HashSet<>();
        private final Map<String, Entry> entries = new TreeMap<>();
        private final FileLister lister;

        Collector(final Path root, final Set<Path> excluded, final FileLister lister) throws IOException {
            this.realRoot = Files.exists(root) ? root.toRealPath() : root;
            this.excluded = excluded;
            this.lister = lister;
        }

        void directory(final Path dir, final String label) throws IOException, InterruptedException {
            if (!Files.isDirectory(dir)) {
                return;
            }
            Optional<List<Path>> listed = lister.filesUnder(dir);
            if (listed.isEmpty()) {
                walk(dir, dir, label);
                return;
            }
            // what the tool reads counts whether git ignores it or not (a gitignored terraform.tfvars)
            List<Path> files = new ArrayList<>(listed.get());
            try (DirectoryStream<Path> own = Files.newDirectoryStream(dir)) {
                for (Path file : own) {
                    if (isToolInput(file.getFileName().toString()) && !Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                        files.add(file.toAbsolutePath().normalize());
                    }
                }
            }
            for (Path file : files) {
                if (!file.startsWith(dir) || excluded.stream().anyMatch(file::startsWith) || inSkippedDir(dir.relativize(file))) {
                    continue;
                }
                String name = file.getFileName().toString();
                String fileLabel = label + "/" + slashes(dir.relativize(file));
                if (Files.isSymbolicLink(file)) {
                    link(file, fileLabel);
                } else if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    if (isCovered(name)) {
                        entries.put(fileLabel, new Entry(fileLabel, file, Content.FILE));
                    }
                } else if (Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
                    walk(file, file, fileLabel); // a submodule: git lists only its directory
                }
                // listed but deleted in the working tree: not there, not digested
            }
        }

        /** A tool's own directory (a {@code .terraform/} git does not ignore) or the record holds the file. */
        private static boolean inSkippedDir(final Path relative) {
            for (int i = 0; i < relative.getNameCount() - 1; i++) {
                if (SKIPPED_DIRS.contains(relative.getName(i).toString())) {
                    return true;
                }
            }
            return false;
        }

        /** Every file under {@code dir}, labelled relative to {@code base}, without the skipped directories. */
        private void walk(final Path base, final Path dir, final String label) throws IOException {
            boolean dotnet = false;
            boolean maven = false;
            List<Path> children = new ArrayList<>();
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
                for (Path child : stream) {
                    children.add(child);
                    String name = child.getFileName().toString();
                    dotnet |= DOTNET_PROJECT.matcher(name).matches();
                    maven |= name.equals("pom.xml");
                }
            }
            for (Path child : children) {
                String name = child.getFileName().toString();
                String childLabel = label + "/" + slashes(base.relativize(child));
                if (Files.isSymbolicLink(child)) {
                    link(child, childLabel);
                } else if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                    boolean buildOutput = dotnet && (name.equals("bin") || name.equals("obj")) || maven && name.equals("target");
                    if (!SKIPPED_DIRS.contains(name) && !buildOutput && !excluded.contains(child.normalize())) {
                        walk(base, child, label);
                    }
                } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS) && isCovered(name)
                        && !name.endsWith(".pyc") && !name.endsWith(".pyo")) {
                    entries.put(childLabel, new Entry(childLabel, child, Content.FILE));
                }
            }
        }

        /** A link inside the repository is followed; one that leaves it (or leads nowhere) counts as its target text. */
        private void link(final Path link, final String label) throws IOException {
            Path target;
            try {
                target = link.toRealPath();
            } catch (IOException dangling) {
                entries.put(label, new Entry(label, link, Content.LINK_TARGET));
                return;
            }
            if (!target.startsWith(realRoot)) {
                entries.put(label, new Entry(label, link, Content.LINK_TARGET));
            } else if (Files.isRegularFile(target)) {
                if (isCovered(link.getFileName().toString())) {
                    entries.put(label, new Entry(label, link, Content.FILE));
                }
            } else if (Files.isDirectory(target) && followed.add(target)) {
                walk(target, target, label);
            } else {
                // a directory already followed (a loop of links): its files are in once; the link counts as text
                entries.put(label, new Entry(label, link, Content.LINK_TARGET));
            }
        }
    }

    private static String slashes(final Path path) {
        return path.toString().replace('\\', '/');
    }
}
