/**
 * The agent side of a durable step, free of Jenkins: today the tool wrapper ({@code ToolWrapper}) that runs one
 * tool call into files of the step directory and stops the tool gently. The engine process that asks for those calls
 * is not built yet (docs/architecture.md, "The plugin's agent side, durable like {@code sh}").
 */
package io.stackdrift.runner;
