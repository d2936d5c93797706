package io.stackdrift.architecture.planted;

/** A planted instance for {@code ClassCycleRuleTest}: uses {@link PlantedCycleB}, which uses this class. */
public final class PlantedCycleA {
    PlantedCycleB partner() {
        return new PlantedCycleB();
    }
}
