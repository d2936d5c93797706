package io.stackdrift.model;

import java.util.List;
import java.util.stream.Stream;

/**
 * What a deploy does with a stack's drift. Drift of the stack's own resources is put back to what the code says. Drift
 * of outputs alone follows what the outputs read from outside the stack (another stack's state through a data source):
 * the apply does not put anything back, it takes the new value.
 */
public enum DriftRepair {
    /** Resources changed outside the code: the deploy puts them back. */
    PUT_BACK,
    /** Only outputs drifted, following what they read from elsewhere: the deploy takes the new value. */
    NEW_UPSTREAM_VALUE;

    /** The repair of this drift: {@link #NEW_UPSTREAM_VALUE} when every drifted change is of an output. */
    public static DriftRepair of(final ChangeList drift) {
        if (drift.isEmpty()) {
            return PUT_BACK;
        }
        try (Stream<Change> all = drift.stream()) {
            return all.allMatch(Change::isOutput) ? NEW_UPSTREAM_VALUE : PUT_BACK;
        }
    }

    /**
     * What the deploy did, for a trail entry, a log line or a row reason: "put back what changed outside the code", or
     * "took the new value of network's outputs" (the stacks it depends on; "what its outputs read" when it has none).
     */
    public String done(final List<StackId> upstream) {
        return this == PUT_BACK ? "put back what changed outside the code" : "took the new value of " + whose(upstream);
    }

    /** What a deploy would do: "put back what changed outside the code", "take the new value of network's outputs". */
    public String would(final List<StackId> upstream) {
        return this == PUT_BACK ? "put back what changed outside the code" : "take the new value of " + whose(upstream);
    }

    /**
     * Why mode correct did not take the new upstream value on its own: following it changes more than the drifted
     * outputs (resources that read the same values), which a person reviews as a deploy. Never "code changes": the
     * stack's code may be exactly as deployed.
     */
    public static String notFollowed(final List<StackId> upstream) {
        String outputs = upstream.isEmpty() ? "the new values its outputs read" : owners(upstream) + " new outputs";
        return "mode correct: not corrected — the stack follows " + outputs + ", and taking them changes more than its"
                + " outputs; deploy it to take them";
    }

    private static String whose(final List<StackId> upstream) {
        if (upstream.isEmpty()) {
            return "what its outputs read";
        }
        return owners(upstream) + " outputs";
    }

    /** "network's", "a's, b's and c's". */
    private static String owners(final List<StackId> upstream) {
        List<String> names = upstream.stream().map(id -> id.value() + "'s").toList();
        return names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
