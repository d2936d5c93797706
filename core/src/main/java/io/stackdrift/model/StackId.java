package io.stackdrift.model;

import java.util.Objects;

/**
 * A stack's identity (docs/concepts.md, "Stacks and stack ids"): {@code project:stack} for Pulumi, the directory relative to the
 * repository root for Terraform/OpenTofu, plus {@code :workspace} when not {@code default}.
 */
public record StackId(String value) implements Comparable<StackId> {
    public StackId {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("a stack id must not be blank");
        }
    }

    public static StackId of(final String value) {
        return new StackId(value);
    }

    /** The id of a Terraform/OpenTofu root module in {@code dir} using {@code workspace}. */
    public static StackId terraform(final String dir, final String workspace) {
        String normalized = dir.replace('\\', '/');
        if (normalized.isEmpty()) {
            normalized = ".";
        }
        return workspace == null || workspace.isEmpty() || "default".equals(workspace)
                ? new StackId(normalized) : new StackId(normalized + ":" + workspace);
    }

    /** The id of Pulumi stack {@code stack} of project {@code project} (the name in Pulumi.yaml). */
    public static StackId pulumi(final String project, final String stack) {
        return new StackId(project + ":" + stack);
    }

    @Override
    public int compareTo(final StackId other) {
        return value.compareTo(other.value);
    }

    @Override
    public String toString() {
        return value;
    }
}
