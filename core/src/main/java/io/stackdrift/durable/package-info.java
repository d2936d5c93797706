/**
 * The engine's host on the agent for a durable step, free of Jenkins: the typed request a step keeps and sends
 * ({@code StepRequest}, in {@code request.json} through {@code RequestFile}), the engine process that runs it over the
 * step directory's files ({@code EngineProcess}), and how its run ended ({@code StepResult}). A host that launches
 * the process and its tool calls (the plugin's durable step) needs nothing else of the core's inner packages.
 */
package io.stackdrift.durable;
