/**
 * The engine's front door: {@link io.stackdrift.engine.StackDriftEngine}, one call per run kind (validate,
 * preview, check, deploy, destroy), used by the CLI and by the Jenkins plugin alike. Every run goes through one
 * {@code RunFrame} over a {@code RunContext}; each run kind is its own class ({@code PreviewRun},
 * {@code DriftCheckRun}, {@code DeployRun}, {@code DestroyRun}), and one stack's deploy or destroy is
 * {@link io.stackdrift.deploy.StackDeployment}. What was found comes back as a
 * {@link io.stackdrift.record.RunRecord}. Everything outside the engine (processes, credentials, locks, history
 * location, progress) comes in through {@link io.stackdrift.engine.EngineServices}.
 */
package io.stackdrift.engine;
