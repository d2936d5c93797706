package io.stackdrift.graph;

import java.util.Objects;

import io.stackdrift.model.StackId;

/**
 * One edge of the graph: {@code dependent} waits for {@code dependency}.
 */
public record DependencyEdge(StackId dependent, StackId dependency) implements Comparable<DependencyEdge> {
    public DependencyEdge {
        Objects.requireNonNull(dependent, "dependent");
        Objects.requireNonNull(dependency, "dependency");
    }

    @Override
    public int compareTo(final DependencyEdge other) {
        int byDependent = dependent.compareTo(other.dependent);
        return byDependent != 0 ? byDependent : dependency.compareTo(other.dependency);
    }

    @Override
    public String toString() {
        return dependent + " -> " + dependency;
    }
}
