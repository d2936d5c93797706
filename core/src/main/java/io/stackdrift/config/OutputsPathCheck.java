package io.stackdrift.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.Problem;

/**
 * Where an {@code outputs} file may go: a deploy writes it, so it must never replace code, configuration or
 * history. Its path, resolved with every symbolic link on the way, must lie inside the repository, outside every
 * stack directory (the repository root's own files when a stack lives at the root), outside {@code .git} and the
 * record directory {@code .stackdrift}, must not be the configuration file, and must not be a file git tracks.
 */
final class OutputsPathCheck {
    /** The record directory the CLI uses unless told otherwise. */
    static final String RECORD_DIR = ".stackdrift";

    private final String fileName;
    private final Path configFile;
    private final Path repositoryRoot;
    private final List<Problem> problems;

    OutputsPathCheck(final String fileName, final Path configFile, final Path repositoryRoot, final List<Problem> problems) {
        this.fileName = fileName;
        this.configFile = configFile;
        this.repositoryRoot = repositoryRoot;
        this.problems = problems;
    }

    void check(final ParsedConfig config, final List<StackConfig> stacks) {
        Path root;
        try {
            root = repositoryRoot.toRealPath();
        } catch (IOException e) {
            return; // discovery already says the root cannot be read
        }
        Optional<GitIndex> git = GitIndex.of(root);
        Set<String> seen = new HashSet<>();
        for (StackEntry entry : config.entries()) {
            Optional<Setting<Outputs>> written = entry.settings().get(SettingKey.OUTPUTS);
            if (written.isEmpty() || !seen.add(written.get().value().file())) {
                continue;
            }
            Setting<Outputs> setting = written.get();
            Outputs outputs = setting.value();
            problem(root, outputs.file(), stacks, git).ifPresent(message -> problems.add(setting.at().problem(fileName,
                    "`outputs` `" + outputs.file() + "` " + message,
                    "outputs: out/network.json   # a file of its own, outside the stacks' code; add out/ to .gitignore")));
        }
    }

    private Optional<String> problem(final Path root, final String file, final List<StackConfig> stacks, final Optional<GitIndex> git) {
        Path real;
        try {
            real = resolved(root.resolve(file));
        } catch (IOException e) {
            return Optional.of("cannot be resolved: " + YamlReader.oneLine(e.getMessage()));
        }
        if (!real.startsWith(root)) {
            return Optional.of("leads out of the repository (through a symbolic link) to " + real);
        }
        Path relative = root.relativize(real);
        if (relative.toString().isEmpty() || Files.isDirectory(real)) {
            return Optional.of("is a directory, not a file");
        }
        String first = relative.getName(0).toString();
        if (first.equals(".git")) {
            return Optional.of("is inside .git");
        }
        if (first.equals(RECORD_DIR)) {
            return Optional.of("is inside the record directory " + RECORD_DIR);
        }
        try {
            if (Files.exists(configFile) ? Files.isSameFile(configFile, real)
                    : resolved(configFile.toAbsolutePath()).equals(real)) {
                return Optional.of("is the configuration file");
            }
        } catch (IOException e) {
            // an unreadable configuration file was reported when it was read
        }
        for (StackConfig stack : stacks) {
            Path dir;
            try {
                dir = stack.directory(root).toRealPath();
            } catch (IOException e) {
                continue;
            }
            boolean inside = dir.equals(root) ? real.getParent().equals(root) : real.startsWith(dir);
            if (inside) {
                return Optional.of("is inside the directory of stack `" + stack.id() + "` (" + stack.dir()
                        + "); a deploy would write into its code");
            }
        }
        if (git.isPresent() && git.get().tracks(real)) {
            return Optional.of("is a file git tracks; a deploy would overwrite it");
        }
        return Optional.empty();
    }

    /** The real path of {@code path}: its deepest existing ancestor resolved with its links, the rest appended. */
    private static Path resolved(final Path path) throws IOException {
        Path existing = path.normalize();
        Path rest = existing.getFileSystem().getPath("");
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            rest = existing.getFileName().resolve(rest);
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new IOException("no part of " + path + " exists");
        }
        Path real = existing.toRealPath();
        return rest.toString().isEmpty() ? real : real.resolve(rest);
    }
}
