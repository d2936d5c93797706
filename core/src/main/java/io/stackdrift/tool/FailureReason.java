package io.stackdrift.tool;

import java.time.Duration;
import java.util.regex.Pattern;

import io.stackdrift.config.Durations;

/**
 * One-line reasons for failed tool runs (docs/tools.md, "Failures": the summary of the tool's first structured error
 * diagnostic, else the exit code; never a line of its stderr), and the wording of the adapters' own failures.
 */
public final class FailureReason {
    /** Longer reasons are cut: a row's reason is one line, not a log. */
    static final int MAX_LENGTH = 300;

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;?]*[ -/]*[@-~]");
    private static final Pattern PULUMI_MARKUP = Pattern.compile("<\\{%[^%]*%}>");
    /** Terraform frames diagnostics with box-drawing characters: "╷", "│ Error: ...", "╵". */
    private static final Pattern FRAME = Pattern.compile("^[\\s\u2502\u2577\u2575|]+");

    private FailureReason() {
    }

    /** Colour codes, Pulumi colour markup and Terraform's diagnostic frame removed, whitespace trimmed. */
    public static String clean(final String line) {
        String plain = PULUMI_MARKUP.matcher(ANSI.matcher(line).replaceAll("")).replaceAll("");
        return FRAME.matcher(plain).replaceFirst("").strip();
    }

    /** "the executable not found on PATH" or "the configured path not found", with how to fix it. */
    public static String notFound(final String toolWord, final String executable, final boolean configured) {
        return configured
                ? toolWord + " not found at " + executable + "; install it there or correct the tool path"
                : toolWord + " not found on PATH; install it or set the tool path";
    }

    /** Why a tool failed when it gave no structured diagnostic: the exit code, and where the full output is. */
    public static String exitCode(final String what, final int exitCode) {
        return what + " failed with exit code " + exitCode + " (see the console log)";
    }

    public static String timedOut(final String what, final Duration timeout) {
        return timedOut(what, timeout, "");
    }

    /** As {@link #timedOut(String, Duration)}, with how the user raises the timeout ({@code hint}) when there is one. */
    public static String timedOut(final String what, final Duration timeout, final String hint) {
        return what + " timed out after " + words(timeout) + (hint.isEmpty() ? "" : " (" + hint + ")");
    }

    /** "10m", "90s" → "1m30s", "1h30m": the duration words of stacks.yaml; sub-second timeouts in ms. */
    public static String words(final Duration duration) {
        return duration.toSeconds() == 0 ? duration.toMillis() + "ms" : Durations.format(duration);
    }

    static String cut(final String line) {
        String single = line.replaceAll("\\s*\\R\\s*", " ").strip();
        return single.length() <= MAX_LENGTH ? single : single.substring(0, MAX_LENGTH - 1) + "\u2026";
    }
}
