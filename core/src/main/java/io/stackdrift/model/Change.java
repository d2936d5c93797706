package io.stackdrift.model;

import java.util.List;
import java.util.Objects;

/**
 * One resource change as a row lists it: what happened, the resource type, its name or address, and
 * every changed attribute path whole ({@code tags.Name}, {@code ingress[0].cidr}). Never a value.
 *
 * @param action  what happened
 * @param type    the resource type ({@code aws_instance}, {@code aws:s3/bucket:Bucket})
 * @param address the resource address or name ({@code module.a.aws_instance.web[0]}, a Pulumi URN name)
 * @param paths   every changed attribute path, in a stable order; empty when the tool names none
 * @param cause   code change or drift
 * @param values  the keyed digest (hex HMAC-SHA256, {@link ValueKey}) of the change's values before and after, as the
 *                plan lists them; empty when the run has no key or the format gives no values. It gives no value back
 *                without the key, and only an approval's pin uses it ({@link PlanDigest})
 */
public record Change(Action action, String type, String address, List<String> paths, Cause cause, String values) {
    /**
     * The type and address of a change of a stack output (Terraform {@code output_changes}): its one path is the
     * output's name. An output is no resource: nothing is deleted or replaced when it changes.
     */
    public static final String OUTPUT = "output";

    public Change {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(cause, "cause");
        paths = List.copyOf(paths);
        values = Objects.requireNonNullElse(values, "");
    }

    /** A change without a digest of its values. */
    public Change(final Action action, final String type, final String address, final List<String> paths, final Cause cause) {
        this(action, type, address, paths, cause, "");
    }

    /** The change of a stack output, named by the output's name (never its value). */
    public static Change ofOutput(final Action action, final String name, final Cause cause) {
        return new Change(action, OUTPUT, OUTPUT, List.of(name), cause);
    }

    /** The same change with the keyed digest of its values ({@link #values()}). */
    public Change withValues(final String digest) {
        return new Change(action, type, address, paths, cause, digest);
    }

    /** Whether this is the change of a stack output rather than of a resource. */
    public boolean isOutput() {
        return OUTPUT.equals(type) && OUTPUT.equals(address);
    }

    /** The same change shown for another cause (a preview's change that puts drift back is drift). */
    public Change withCause(final Cause newCause) {
        return new Change(action, type, address, paths, newCause, values);
    }

    /** The same change with only the given paths. */
    public Change withPaths(final List<String> newPaths) {
        return new Change(action, type, address, newPaths, cause, values);
    }
}
