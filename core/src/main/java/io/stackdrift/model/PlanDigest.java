package io.stackdrift.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What an approver saw of one stack's plan, as one SHA-256: the commit the plan was made from and the plan's changes
 * and drift (action, type, address, paths and cause of each, in order; a plan holds no value here). An approval records
 * it for each stack it approves; the approved run applies a stack only when its own fresh plan has the same digest, so
 * a push, new drift or a changed module after the approval asks for a new approval instead of being applied unseen.
 */
public final class PlanDigest {
    private PlanDigest() {
    }

    /** @param commit the revision the plan was made from; empty when the host does not know it */
    public static String of(final Row row, final String commit) {
        MessageDigest digest = sha256();
        field(digest, "commit", Objects.requireNonNullElse(commit, ""));
        section(digest, "changes", row.changes());
        section(digest, "drift", row.drift());
        return HexFormat.of().formatHex(digest.digest());
    }

    private static void section(final MessageDigest digest, final String name, final ChangeList changes) {
        field(digest, name, Integer.toString(changes.size()));
        changes.forEach(change -> change(digest, change));
    }

    private static void change(final MessageDigest digest, final Change change) {
        field(digest, "action", change.action().name());
        field(digest, "type", change.type());
        field(digest, "address", change.address());
        field(digest, "cause", change.cause().name());
        field(digest, "paths", Integer.toString(change.paths().size()));
        change.paths().forEach(path -> field(digest, "path", path));
    }

    /** Length-prefixed, so no two different sequences of fields digest alike. */
    private static void field(final MessageDigest digest, final String name, final String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        digest.update((name + ":" + bytes.length + ":").getBytes(StandardCharsets.UTF_8));
        digest.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * The plans an approval approved (stack → digest) and the commit the approved run's plans come from. Empty: the run
     * is approved without a recorded plan (the CLI's {@code --approved}, a step's {@code approved: true}).
     *
     * @param plans  stack → the digest the approver saw
     * @param commit the revision this run's plans are made from; empty when unknown
     * @param source where the approval was made, in words ("build #12"), for the reason of a refusal
     */
    public record Approved(Map<StackId, String> plans, String commit, String source) {
        public static final Approved NONE = new Approved(Map.of(), "", "");

        public Approved {
            plans = Map.copyOf(new TreeMap<>(plans));
            commit = Objects.requireNonNullElse(commit, "");
            source = Objects.requireNonNullElse(source, "");
        }

        /**
         * Why {@code row}, this run's fresh plan of {@code stack}, may not be applied under this approval; empty when it
         * may (the approval recorded no plan of the stack, or the same one).
         */
        public Optional<String> refusal(final StackId stack, final Row row) {
            String approved = plans.get(stack);
            if (approved == null || approved.equals(of(row, commit))) {
                return Optional.empty();
            }
            return Optional.of("its plan differs from the one approved" + (source.isEmpty() ? "" : " in " + source)
                    + " (other changes, drift or commit): nothing was applied; approve this plan again");
        }
    }
}
