package io.stackdrift.architecture.planted;

/** The other half of {@link PlantedCycleA}'s cycle. */
public final class PlantedCycleB {
    PlantedCycleA partner() {
        return new PlantedCycleA();
    }

    /** Nested in its own file's class: the rule counts it with {@code PlantedCycleB}, so it closes no cycle. */
    public static final class Nested {
        PlantedCycleB outer() {
            return new PlantedCycleB();
        }
    }
}
