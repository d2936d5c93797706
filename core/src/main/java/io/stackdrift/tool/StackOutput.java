package io.stackdrift.tool;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One output of a stack. Its value goes only to the outputs file the user asked for (docs/engine.md, "Outputs file"), never to a
 * log, row, record or page.
 */
public record StackOutput(String name, JsonNode value, boolean sensitive) {
    /** The name and the sensitive mark only: a record's own toString would print the value into any log. */
    @Override
    public String toString() {
        return "StackOutput[name=" + name + (sensitive ? ", sensitive" : "") + "]";
    }
}
