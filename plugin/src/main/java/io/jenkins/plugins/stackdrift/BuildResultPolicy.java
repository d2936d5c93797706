package io.jenkins.plugins.stackdrift;

import java.util.Locale;
import java.util.Optional;

import hudson.model.Result;

import io.stackdrift.model.Counts;

/**
 * Maps what a run found to a build result (docs/jenkins.md): drift → {@code driftResult}, failures →
 * {@code failedResult}, drift put back in the run (mode correct) → {@code repairedResult}, SUCCESS unless a
 * Jenkinsfile says otherwise.
 */
public final class BuildResultPolicy {
    private final Result onDrift;
    private final Result onFailure;
    private final Result onRepaired;

    public BuildResultPolicy(final Result onDrift, final Result onFailure) {
        this(onDrift, onFailure, Result.SUCCESS);
    }

    public BuildResultPolicy(final Result onDrift, final Result onFailure, final Result onRepaired) {
        this.onDrift = onDrift;
        this.onFailure = onFailure;
        this.onRepaired = onRepaired;
    }

    /**
     * Reads a result word as written in a Jenkinsfile.
     *
     * @throws IllegalArgumentException for anything but SUCCESS, UNSTABLE or FAILURE
     */
    public static Result parse(final String word) {
        switch (word.trim().toUpperCase(Locale.ROOT)) {
            case "SUCCESS":
                return Result.SUCCESS;
            case "UNSTABLE":
                return Result.UNSTABLE;
            case "FAILURE":
                return Result.FAILURE;
            default:
                throw new IllegalArgumentException(Messages.invalidBuildResult(word));
        }
    }

    /**
     * A configured result word in its canonical form; blank (an empty form field, JCasC {@code ""}) means the
     * default.
     *
     * @throws IllegalArgumentException for anything else but SUCCESS, UNSTABLE or FAILURE
     */
    public static String wordOr(final String word, final String fallback) {
        if (word == null || word.isBlank()) {
            return fallback;
        }
        parse(word);
        return word.trim().toUpperCase(Locale.ROOT);
    }

    /** What is wrong with a result word typed into the global configuration; empty when it is fine (blank is). */
    public static Optional<String> problemWith(final String word) {
        try {
            wordOr(word, "");
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    /**
     * Drift (and stacks left awaiting approval) → the drift result; a failed stack → the failed result; a repaired
     * stack → the repaired result; the worse wins.
     */
    public Result resultFor(final Counts counts) {
        Result result = Result.SUCCESS;
        if (counts.repaired() > 0) {
            result = worse(result, onRepaired);
        }
        if (counts.drifted() > 0 || counts.awaitingApproval() > 0) {
            result = worse(result, onDrift);
        }
        if (counts.failed() > 0) {
            result = worse(result, onFailure);
        }
        return result;
    }

    // Result.combine would do, but ordinals keep this testable on the stand-in (whose methods only throw).
    public static Result worse(final Result a, final Result b) {
        return a.ordinal >= b.ordinal ? a : b;
    }
}
