package io.stackdrift.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What an approver saw of one stack's plan, as one SHA-256 (the approval's pin): the commit the plan was made from and
 * what the plan would do, whichever kind of plan saw it. An approval records it for each stack it approves; the
 * approved run applies a stack only when its own fresh plan has the same pin, so a push, new drift, a changed module or
 * a changed value after the approval asks for a new approval instead of being applied unseen.
 *
 * <p>It covers, each with the keyed digest of its values ({@link Change#values()}, {@link ValueKey}):
 * <ul>
 * <li>each resource change the code makes (cause code): action, type, address, paths;</li>
 * <li>each resource drift entry (what changed outside the code): action, type, address, paths;</li>
 * <li>each output change by the output's name, whether the plan lists it as drift or as a change: a drift check's
 *     refresh-only plan lists an output that follows a changed data source under drift, a normal plan the same change
 *     under changes, and an approval of the one must hold for the other.</li>
 * </ul>
 * A normal plan's changes that put listed drift back (marked drift, {@link DriftReverts#marked}) are left out: a drift
 * check does not plan them, and they follow from the drift and the code at the commit. Paths owned elsewhere
 * ({@code ignore}) are not covered. Never a value: a digest of values only under the host's key.
 */
public final class PlanDigest {
    private PlanDigest() {
    }

    /** @param commit the revision the plan was made from; empty when the host does not know it */
    public static String of(final Row row, final String commit) {
        MessageDigest digest = sha256();
        field(digest, "commit", Objects.requireNonNullElse(commit, ""));
        Map<String, Change> outputs = new TreeMap<>();
        int code;
        try (Stream<Change> all = row.changes().stream()) {
            code = (int) all.filter(change -> !change.isOutput() && change.cause() == Cause.CODE).count();
        }
        field(digest, "changes", Integer.toString(code));
        row.changes().forEach(change -> {
            if (change.isOutput()) {
                outputs.put(outputName(change), change);
            } else if (change.cause() == Cause.CODE) {
                change(digest, change);
            }
        });
        int drift;
        try (Stream<Change> all = row.drift().stream()) {
            drift = (int) all.filter(change -> !change.isOutput()).count();
        }
        field(digest, "drift", Integer.toString(drift));
        row.drift().forEach(change -> {
            if (change.isOutput()) {
                outputs.put(outputName(change), change);
            } else {
                change(digest, change);
            }
        });
        field(digest, "outputs", Integer.toString(outputs.size()));
        outputs.values().forEach(change -> change(digest, change));
        return HexFormat.of().formatHex(digest.digest());
    }

    private static String outputName(final Change output) {
        return output.paths().isEmpty() ? "" : output.paths().get(0);
    }

    private static void change(final MessageDigest digest, final Change change) {
        field(digest, "action", change.action().name());
        field(digest, "type", change.type());
        field(digest, "address", change.address());
        field(digest, "paths", Integer.toString(change.paths().size()));
        change.paths().forEach(path -> field(digest, "path", path));
        field(digest, "values", change.values());
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
     * The plans an approval approved (stack → pin), the commit the approved run's plans come from and the key their
     * values are digested under. No plans: the run is approved without a recorded plan (the CLI's {@code --approved}, a
     * step's {@code approved: true}).
     *
     * @param plans  stack → the pin the approver saw
     * @param commit the revision this run's plans are made from; empty when unknown
     * @param source where the approval was made, in words ("build #12"), for the reason of a refusal
     * @param key    the key this run's plans digest values under ({@link ValueKey#NONE}: none)
     */
    public record Approved(Map<StackId, String> plans, String commit, String source, ValueKey key) {
        public static final Approved NONE = new Approved(Map.of(), "", "", ValueKey.NONE);

        public Approved {
            plans = Map.copyOf(new TreeMap<>(plans));
            commit = Objects.requireNonNullElse(commit, "");
            source = Objects.requireNonNullElse(source, "");
            key = Objects.requireNonNullElse(key, ValueKey.NONE);
        }

        /** Approved plans of a run that digests no value. */
        public Approved(final Map<StackId, String> plans, final String commit, final String source) {
            this(plans, commit, source, ValueKey.NONE);
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
                    + " (other changes, drift, values or commit): nothing was applied; approve this plan again");
        }
    }
}
