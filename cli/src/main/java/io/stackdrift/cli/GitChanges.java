package io.stackdrift.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * {@code check --push --changed-since REF}: the files changed since REF, asked of git (docs/cli.md): those the commits
 * on HEAD's side since it forked from REF changed ({@code git diff --name-only REF...HEAD}, as a pull request shows
 * them), and those changed in the work tree and not committed yet, staged or not, and new files git does not ignore —
 * each relative to the repository root (the configuration file's directory), files outside it left out. git runs as
 * a process of its own with its arguments as they are, no shell; REF is refused when it could be read as an option.
 */
final class GitChanges {
    /** How long one git call may take: a diff of a large repository is seconds. */
    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    /** What a ref may look like: git's own rules are wider, but a ref starting with '-' would be an option to git. */
    private static final Pattern REF = Pattern.compile("[^-\\s][^\\s]{0,254}");
    private static final String OPTION = "--changed-since";

    private GitChanges() {
    }

    /** The changed files, relative to {@code root} with '/' between names. */
    static Set<String> since(final String ref, final Path root) {
        if (!REF.matcher(ref).matches()) {
            throw new CliFailure(OPTION + " '" + ref + "' is not a git ref", "name a branch, tag or commit (origin/main, v1.2, a1b2c3d)",
                    OPTION, null);
        }
        Path top = Path.of(text(root, "the repository root " + root + " is not inside a git work tree",
                "run in a git checkout, or list the changed files with --changed", "rev-parse", "--show-toplevel").strip());
        text(top, OPTION + " " + ref + ": git knows no commit of that name",
                "fetch it first (git fetch origin main; a shallow clone needs the history back to where HEAD forked from it), or name "
                        + "another",
                "rev-parse", "--verify", "--quiet", ref + "^{commit}");
        Set<String> files = new LinkedHashSet<>();
        String fork = text(top, OPTION + " " + ref + ": git finds no commit HEAD and " + ref + " share",
                "fetch more history (git fetch --unshallow, or a deeper clone), or name a ref HEAD forked from",
                "merge-base", ref, "HEAD").strip();
        // run at the top, where every listing names files from the top whatever diff.relative says
        files.addAll(names(text(top, OPTION + " " + ref + ": git could not list the changes", "", "diff", "--name-only", "-z",
                "--no-renames", "--no-ext-diff", "--no-textconv", fork, "HEAD", "--")));
        files.addAll(names(text(top, OPTION + ": git could not list the uncommitted changes", "", "diff", "--name-only", "-z",
                "--no-renames", "--no-ext-diff", "--no-textconv", "HEAD", "--")));
        files.addAll(names(text(top, OPTION + ": git could not list the new files", "", "ls-files", "-z", "--others",
                "--exclude-standard")));
        Path base = root.toAbsolutePath().normalize();
        Path topReal = real(top);
        Path baseReal = real(base);
        Set<String> relative = new LinkedHashSet<>();
        for (String name : files) {
            Path file = topReal.resolve(name).normalize();
            if (file.startsWith(baseReal)) {
                relative.add(baseReal.relativize(file).toString().replace('\\', '/'));
            }
        }
        return relative;
    }

    /** The names of git's NUL-separated listing. */
    private static List<String> names(final String zeroSeparated) {
        List<String> names = new ArrayList<>();
        int start = 0;
        while (start < zeroSeparated.length()) {
            int end = zeroSeparated.indexOf('\0', start);
            int stop = end < 0 ? zeroSeparated.length() : end;
            if (stop > start) {
                names.add(zeroSeparated.substring(start, stop));
            }
            start = stop + 1;
        }
        return names;
    }

    private static Path real(final Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** What git printed on stdout; a {@link CliFailure} with {@code what}, {@code hint} and git's first line when it fails. */
    private static String text(final Path root, final String what, final String hint, final String... args) {
        List<String> command = new ArrayList<>();
        command.add("git");
        // git reads no pager, no prompt and no terminal here
        command.add("--no-pager");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        builder.environment().remove("GIT_DIR");
        builder.environment().remove("GIT_WORK_TREE");
        Process process;
        try {
            process = builder.start();
            process.getOutputStream().close();
        } catch (IOException e) {
            throw new CliFailure(OPTION + " needs git, and git could not be started: " + e.getMessage(),
                    "put git on PATH, or list the changed files with --changed", OPTION, null);
        }
        CompletableFuture<byte[]> stdout = read(process.getInputStream());
        CompletableFuture<byte[]> stderr = read(process.getErrorStream());
        try {
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new CliFailure(what + " (git took longer than " + TIMEOUT.toMinutes() + " minutes)", hint, OPTION, null);
            }
            String out = new String(stdout.get(), StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                String said = new String(stderr.get(), StandardCharsets.UTF_8).strip();
                String first = said.isEmpty() ? "" : said.lines().findFirst().orElse("");
                throw new CliFailure(what + (first.isEmpty() ? "" : " (git: " + first + ")"), hint, OPTION, null);
            }
            return out;
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new CliFailure(what + " (stopped)", hint, OPTION, null);
        } catch (ExecutionException e) {
            throw new CliFailure(what + " (git's output could not be read)", hint, OPTION, null);
        }
    }

    private static CompletableFuture<byte[]> read(final InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (InputStream stream = in; ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
                stream.transferTo(bytes);
                return bytes.toByteArray();
            } catch (IOException e) {
                return new byte[0];
            }
        });
    }
}
