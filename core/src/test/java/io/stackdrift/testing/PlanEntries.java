package io.stackdrift.testing;

import com.fasterxml.jackson.databind.JsonNode;

/** Entries of a Terraform plan JSON, as templates of synthetic plans built from genuine ones. */
public final class PlanEntries {
    private PlanEntries() {
    }

    /**
     * The {@code resource_changes} entry of {@code address}, which must be an update. Terraform writes
     * {@code resource_drift} entries in the same shape, so a copy serves as drift too.
     */
    public static JsonNode update(final JsonNode plan, final String address) {
        for (JsonNode change : plan.path("resource_changes")) {
            if (address.equals(change.path("address").asText())) {
                if (!"[\"update\"]".equals(change.path("change").path("actions").toString())) {
                    throw new AssertionError(address + " is not an update in the plan: " + change.path("change").path("actions"));
                }
                return change;
            }
        }
        throw new AssertionError("no " + address + " in the plan's resource_changes");
    }
}
