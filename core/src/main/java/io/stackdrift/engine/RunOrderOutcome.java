package io.stackdrift.engine;

import java.util.List;
import java.util.Optional;

import io.stackdrift.model.Problem;
import io.stackdrift.model.RunOrder;
import io.stackdrift.render.RunOrderOutput;

/**
 * The order a deploy of every stack would run in (docs/engine.md, "graph"), or the configuration's problems. Hosts
 * print it with {@link #text()}, {@link #dot()} or {@link #json()}.
 */
public record RunOrderOutcome(Optional<RunOrder> order, List<Problem> problems, List<Problem> warnings) {
    public RunOrderOutcome {
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    public boolean configInvalid() {
        return order.isEmpty();
    }

    /** The groups in order, one line each, then each edge with where it was read; empty when invalid. */
    public String text() {
        return order.map(RunOrderOutput::text).orElse("");
    }

    /** {@code stackdrift graph --json}, with a line end; empty when invalid. */
    public String json() {
        return order.map(RunOrderOutput::json).orElse("");
    }

    /** Graphviz DOT; empty when invalid. */
    public String dot() {
        return order.map(RunOrderOutput::dot).orElse("");
    }
}
