package io.stackdrift.engine;

import io.stackdrift.model.Tool;
import io.stackdrift.model.ValueKey;
import io.stackdrift.tool.StackReferenceResolver;
import io.stackdrift.tool.ToolAdapter;

/** Makes a run's adapter for one tool; the default is {@link io.stackdrift.tool.ToolAdapters} with the real plan readers. */
@FunctionalInterface
interface AdapterFactory {
    ToolAdapter create(Tool tool, StackReferenceResolver references);

    /** The adapter of a run whose plans digest each change's values under {@code key}; a scripted one ignores it. */
    default ToolAdapter create(final Tool tool, final StackReferenceResolver references, final ValueKey key) {
        return create(tool, references);
    }
}
