package io.stackdrift.model;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The order a deploy runs its stacks in (built by {@code graph.RunOrders}), as groups that can run together: every stack of a group depends
 * only on stacks of earlier groups, and sits in the earliest group it can. Each edge says where it was
 * read: the file's {@code dependsOn}, or ({@code dependsOn: auto}) the stack references of the latest preview or the
 * {@code terraform_remote_state} blocks of a Terraform/OpenTofu stack.
 */
public record RunOrder(List<List<StackId>> groups, List<Edge> edges, List<String> notes) {

    /** Where an edge of the run order comes from. */
    public enum Origin {
        /** Written in the file's {@code dependsOn}. */
        FILE("file"),
        /** Read from the stack references of the stack's latest preview. */
        REFERENCE("reference"),
        /** Read from the stack's {@code terraform_remote_state} blocks (its files, no tool run). */
        STATE("state");

        private final String word;

        Origin(final String word) {
            this.word = word;
        }

        /** The word the text, JSON and DOT output use. */
        public String word() {
            return word;
        }
    }

    /** {@code dependent} runs after {@code dependency}. */
    public record Edge(StackId dependent, StackId dependency, Origin origin) {
        public Edge {
            Objects.requireNonNull(dependent, "dependent");
            Objects.requireNonNull(dependency, "dependency");
            Objects.requireNonNull(origin, "origin");
        }
    }

    public RunOrder {
        groups = groups.stream().map(List::copyOf).toList();
        edges = List.copyOf(edges);
        notes = List.copyOf(notes);
    }

    /** Every stack of the order, sorted. */
    public Set<StackId> stacks() {
        TreeSet<StackId> all = new TreeSet<>();
        groups.forEach(all::addAll);
        return all;
    }
}
