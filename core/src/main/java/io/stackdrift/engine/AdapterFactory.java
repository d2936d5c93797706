package io.stackdrift.engine;

import io.stackdrift.model.Tool;
import io.stackdrift.tool.StackReferenceResolver;
import io.stackdrift.tool.ToolAdapter;

/** Makes a run's adapter for one tool; the default is {@link io.stackdrift.tool.ToolAdapters} with the real plan readers. */
@FunctionalInterface
interface AdapterFactory {
    ToolAdapter create(Tool tool, StackReferenceResolver references);
}
