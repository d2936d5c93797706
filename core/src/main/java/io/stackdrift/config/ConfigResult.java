package io.stackdrift.config;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import io.stackdrift.model.Problem;

/**
 * The outcome of reading stacks.yaml: a valid configuration (perhaps with warnings), or every problem
 * that stops the run.
 */
public final class ConfigResult {
    private final StacksConfig config;
    private final List<IgnoredStack> ignored;
    private final List<Problem> problems;
    private final List<Problem> warnings;
    private final String digest;

    private ConfigResult(final StacksConfig config, final List<IgnoredStack> ignored, final List<Problem> problems,
            final List<Problem> warnings, final String digest) {
        this.config = config;
        this.digest = digest;
        this.ignored = List.copyOf(ignored);
        this.problems = List.copyOf(problems);
        this.warnings = List.copyOf(warnings);
    }

    static ConfigResult valid(final StacksConfig config, final List<IgnoredStack> ignored, final String text) {
        return new ConfigResult(config, ignored, List.of(), config.warnings(), digestOf(text));
    }

    static ConfigResult invalid(final List<Problem> problems, final List<Problem> warnings) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("an invalid configuration has at least one problem");
        }
        return new ConfigResult(null, List.of(), problems, warnings, "");
    }

    /**
     * The SHA-256 of the text read, line ends as {@code \n} (a checkout with CRLF reads the same revision), in hex: what
     * tells the shards of one run that they read the same revision. Empty for an invalid result.
     */
    public String digest() {
        return digest;
    }

    private static String digestOf(final String text) {
        try {
            byte[] bytes = text.replace("\r\n", "\n").getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    public boolean isValid() {
        return config != null;
    }

    /** The configuration; only for a valid result. */
    public StacksConfig config() {
        if (config == null) {
            throw new IllegalStateException("the configuration is not valid: " + problems.get(0).format());
        }
        return config;
    }

    /** Every problem that makes the file invalid, in file order; empty when valid. */
    public List<Problem> problems() {
        return problems;
    }

    /** Problems that do not stop the run (e.g. reapply shorter than every). */
    public List<Problem> warnings() {
        return warnings;
    }

    /** Stacks that discovery found and the top-level {@code ignore} left out, with the reason; empty when invalid. */
    public List<IgnoredStack> ignored() {
        return ignored;
    }
}
