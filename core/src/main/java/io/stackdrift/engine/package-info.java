/**
 * The engine's front door: one call per run kind (validate, preview, check, deploy), used by the CLI and by
 * the Jenkins plugin alike. It wires configuration, tool adapters, plan reading, drift rules, the graph and
 * scheduler, and the history into runs, and returns what was found as a {@link io.stackdrift.record.RunRecord}.
 * Everything outside the engine (processes, credentials, locks, history location, progress) comes in through
 * {@link io.stackdrift.engine.EngineServices}.
 */
package io.stackdrift.engine;
