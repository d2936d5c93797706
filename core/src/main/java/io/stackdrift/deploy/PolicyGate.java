package io.stackdrift.deploy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.config.Durations;
import io.stackdrift.config.PolicyCheck;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Directories;
import io.stackdrift.model.IoProblem;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ProcessSpec;

/**
 * Runs a stack's {@code policyCheck:} command on a plan (docs/configuration.md, "Policy checks") through the same
 * {@link ProcessRunner} as the tools, so a host's launcher and its rules apply to it as to them. The command gets the
 * plan's JSON and the stack in its environment; exit 0 passes. A check that cannot run never passes.
 */
public final class PolicyGate {
    /** The variable holding the absolute path of the plan's JSON. */
    public static final String PLAN_JSON = "STACKDRIFT_PLAN_JSON";
    /** The variable holding the stack id. */
    public static final String STACK = "STACKDRIFT_STACK";
    /** The variable holding the stack directory, absolute. */
    public static final String STACK_DIR = "STACKDRIFT_STACK_DIR";
    /** How many lines of what the command printed make the reason, and how long each may be. */
    static final int REASON_LINES = 5;
    static final int LINE_LENGTH = 200;

    /** How a check ended. */
    public enum Outcome {
        PASSED,
        /** The command exited with another code than 0. */
        DENIED,
        /** The command ran past its timeout and was killed. */
        TIMED_OUT,
        /** The command could not run (missing, not executable, no plan JSON, refused by the host): never a pass. */
        BROKEN
    }

    /** How a check ended, and why in words (with the command's first lines when it refused the plan). */
    public record Verdict(Outcome outcome, String reason) {
        public Verdict {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(reason, "reason");
        }

        public boolean passed() {
            return outcome == Outcome.PASSED;
        }
    }

    private final ProcessRunner runner;
    private final Path root;

    /** @param root the repository root: an executable written with a '/' is a path under it */
    public PolicyGate(final ProcessRunner runner, final Path root) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.root = Objects.requireNonNull(root, "root");
    }

    /**
     * Runs {@code check} on the stack's plan.
     *
     * @param planJson the plan as the tool printed it in JSON; empty when the tool kept none (the check cannot run)
     * @param workDir  the stack's work directory of this step: the command's output is kept there
     */
    public Verdict check(final StackConfig stack, final PolicyCheck check, final Optional<Path> planJson, final Path workDir)
            throws InterruptedException {
        String what = "the policy check of " + stack.id();
        if (planJson.isEmpty() || !Files.isRegularFile(planJson.get())) {
            return new Verdict(Outcome.BROKEN, what + " cannot run: the tool kept no plan JSON for it");
        }
        Optional<String> executable = executable(check.executable());
        if (executable.isEmpty()) {
            return new Verdict(Outcome.BROKEN, what + " cannot run: " + whyNotExecutable(check.executable()));
        }
        List<String> command = new ArrayList<>(check.command());
        command.set(0, executable.get());
        Path directory = stack.directory(root).toAbsolutePath();
        Path out = workDir.toAbsolutePath().resolve("policy-check.out");
        ProcessResult result;
        try {
            Directories.ensure(out.getParent());
            result = runner.run(new ProcessSpec(command, directory, Map.of(PLAN_JSON, planJson.get().toAbsolutePath().toString(),
                    STACK, stack.id().value(), STACK_DIR, directory.toString()), check.timeout(), out));
        } catch (IOException e) {
            return new Verdict(Outcome.BROKEN, what + " (" + check.executable() + ") could not run: " + IoProblem.of(e));
        }
        if (result.notFound()) {
            return new Verdict(Outcome.BROKEN, what + " cannot run: " + check.executable() + " was not found"
                    + (check.executable().contains("/") ? "" : " on the PATH") + "; fix policyCheck.command in stacks.yaml");
        }
        if (result.timedOut()) {
            return new Verdict(Outcome.TIMED_OUT, "policy check timed out after " + Durations.format(check.timeout())
                    + " (policyCheck.timeout)" + said(firstLines(out, result.stderrTail())));
        }
        if (result.exitCode() == 0) {
            return new Verdict(Outcome.PASSED, "");
        }
        return new Verdict(Outcome.DENIED, "policy check refused the plan (exit " + result.exitCode() + ")"
                + said(firstLines(out, result.stderrTail())));
    }

    private static String said(final List<String> lines) {
        return lines.isEmpty() ? "" : ": " + String.join(" / ", lines);
    }

    /** The executable as the runner gets it: a path under the repository root, else the word (looked up on the PATH). */
    private Optional<String> executable(final String written) {
        if (!written.contains("/")) {
            return Optional.of(written);
        }
        try {
            Path file = root.resolve(written).toAbsolutePath().normalize();
            return Files.isRegularFile(file) && Files.isExecutable(file) ? Optional.of(file.toString()) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private String whyNotExecutable(final String written) {
        Path file;
        try {
            file = root.resolve(written).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return written + " is not a valid path; fix policyCheck.command in stacks.yaml";
        }
        if (!Files.exists(file)) {
            return file + " does not exist; fix policyCheck.command in stacks.yaml (a path with a '/' is under the repository root)";
        }
        if (!Files.isRegularFile(file)) {
            return file + " is not a file";
        }
        return file + " is not executable; make it so (chmod +x " + written + ") or name its interpreter first (command: [sh, "
                + written + "])";
    }

    /** The first non-blank lines the command printed (its output, else its errors), each cut short. */
    static List<String> firstLines(final Path out, final String stderrTail) {
        List<String> lines = new ArrayList<>();
        try (BufferedReader reader = Files.newBufferedReader(out, StandardCharsets.UTF_8)) {
            collect(reader, lines);
        } catch (IOException | UncheckedIOException e) {
            lines.clear();
        }
        if (lines.isEmpty() && stderrTail != null) {
            try (BufferedReader reader = new BufferedReader(new StringReader(stderrTail))) {
                collect(reader, lines);
            } catch (IOException e) {
                lines.clear();
            }
        }
        return lines;
    }

    private static void collect(final BufferedReader reader, final List<String> lines) throws IOException {
        // read by characters, bounded: one endless line must not be read whole
        StringBuilder line = new StringBuilder();
        int c;
        int read = 0;
        while (lines.size() < REASON_LINES && read < REASON_LINES * LINE_LENGTH * 20 && (c = reader.read()) >= 0) {
            read++;
            if (c == '\n') {
                add(lines, line);
                line.setLength(0);
            } else if (line.length() <= LINE_LENGTH) {
                line.append((char) c);
            }
        }
        if (lines.size() < REASON_LINES) {
            add(lines, line);
        }
    }

    private static void add(final List<String> lines, final StringBuilder line) {
        String text = line.toString().replace('\r', ' ').strip();
        if (!text.isEmpty()) {
            lines.add(text.length() > LINE_LENGTH ? text.substring(0, LINE_LENGTH) + "…" : text);
        }
    }
}
