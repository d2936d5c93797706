package io.jenkins.plugins.stackdrift.steps;

import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

import hudson.AbortException;
import hudson.model.Run;
import io.jenkins.plugins.stackdrift.actions.PageUrls;
import io.jenkins.plugins.stackdrift.actions.StackDriftRunAction;
import io.jenkins.plugins.stackdrift.agent.Operation;

import io.stackdrift.model.DeployKind;

/**
 * The {@code id} of a step: one build page section, URL ({@code stack-drift-<id>}) and details file per id, as
 * warnings-ng and coverage keep one result per id. The id becomes a URL segment and a directory name, so it is
 * lowercase letters, digits, {@code -}, {@code _} and {@code .}, starting with a letter or digit (lowercase only:
 * two ids differing in case would share a directory on a case-insensitive disk).
 *
 * <p>Two steps with the same id in one build are an error, before the second one runs anything, as in
 * warnings-ng: merging them would make one section say what two steps found, and the second step's details file
 * would replace the first's. The running steps' ids are kept here for that (the finished ones are the build's
 * actions): {@code parallel} branches start at the same time and neither has its action yet.
 */
final class StepIds {
    static final int MAX_LENGTH = 64;
    private static final Pattern FORM = Pattern.compile("[a-z0-9][a-z0-9._-]{0," + (MAX_LENGTH - 1) + "}");

    /** build (job full name + NUL + build id) + NUL + step id, for every step running now. */
    private static final Set<String> RUNNING = new HashSet<>();

    private StepIds() {
    }

    /** The id of a step that names none: its word. */
    static String defaultFor(final Operation operation, final DeployKind kind) {
        switch (operation) {
            case CHECK:
                return "check";
            case DEPLOY:
                return kind.word();
            case PREVIEW:
                return "preview";
            default:
                return "validate";
        }
    }

    /** The id of shard {@code number}'s step that names none: parallel shards of one build need one each ({@code deploy-shard-2}). */
    static String ofShard(final String word, final int number) {
        return word + "-shard-" + number;
    }

    /** The id as given, trimmed; null when blank (the step's word then); an error naming the rule otherwise. */
    static String checked(final String id) {
        if (id == null || id.isBlank()) {
            return null;
        }
        String trimmed = id.strip();
        if (!FORM.matcher(trimmed).matches()) {
            throw new IllegalArgumentException(Messages.invalidId(trimmed, MAX_LENGTH));
        }
        if (PageUrls.isReservedId(trimmed)) {
            throw new IllegalArgumentException(Messages.reservedId(trimmed, PageUrls.ofStep(trimmed)));
        }
        return trimmed;
    }

    /** A step's claim on its id in its build; closing it (when the step ends) lets the id go for running steps. */
    interface Claim extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Claims the id for the step about to run in the build.
     *
     * @throws AbortException when a finished step of the build or a running one already has that id
     */
    static Claim claim(final Run<?, ?> run, final String id) throws AbortException {
        String key = key(run, id);
        synchronized (RUNNING) {
            boolean recorded = run.getActions(StackDriftRunAction.class).stream().anyMatch(a -> a.getId().equals(id));
            if (recorded || !RUNNING.add(key)) {
                throw new AbortException(Messages.duplicateId(id));
            }
        }
        return release(key);
    }

    /**
     * Claims the id again for a step that resumes after a restart of the controller: it held the id before, so it does
     * not fail on it (a test harness's restarts share one JVM, where the old claim is still there); the build's program
     * resumes its running steps before it starts any new one, so no other step can have taken the id meanwhile.
     */
    static Claim reclaim(final Run<?, ?> run, final String id) {
        String key = key(run, id);
        synchronized (RUNNING) {
            RUNNING.add(key);
        }
        return release(key);
    }

    private static String key(final Run<?, ?> run, final String id) {
        return run.getParent().getFullName() + '\u0000' + run.getId() + '\u0000' + id;
    }

    private static Claim release(final String key) {
        return () -> {
            synchronized (RUNNING) {
                RUNNING.remove(key);
            }
        };
    }
}
