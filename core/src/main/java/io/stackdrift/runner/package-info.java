/**
 * The agent side of a durable step, free of Jenkins and of the engine: the files of a step directory
 * ({@code StepDirectory}) and the ports the engine process runs with over them — tool calls written for the host to
 * launch ({@code FileProcessRunner}, {@code ToolCall}), the masked log ({@code StepLog}), the status
 * ({@code StepStatus}), the bound values ({@code StepSecrets}) — and the tool wrapper ({@code ToolWrapper}) that runs
 * one call into those files and stops its tool gently (docs/architecture.md, "The plugin's agent side, durable like
 * {@code sh}").
 */
package io.stackdrift.runner;
