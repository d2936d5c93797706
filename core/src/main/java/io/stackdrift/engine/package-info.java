/**
 * The engine's front door: {@link io.stackdrift.engine.StackDriftEngine}, one call per operation (validate, inspect,
 * preview, check, deploy, destroy, report, graph), used by the CLI and by the Jenkins plugin alike. Every run goes
 * through one {@code RunFrame} over a {@code RunContext}; each run kind is its own class ({@code PreviewRun},
 * {@code DriftCheckRun}, {@code DeployRun}, {@code DestroyRun}, {@code ReportRun}), and one stack's deploy or
 * destroy is {@link io.stackdrift.deploy.StackDeployment}. Everything outside the engine comes in through
 * {@link io.stackdrift.engine.EngineServices}, whose parts are the ports of {@code io.stackdrift.spi}; what
 * a run found comes back as a {@link io.stackdrift.engine.RunOutcome}, which carries everything the host saves.
 */
package io.stackdrift.engine;
