/**
 * One stack's deploy or destroy inside a run ({@link io.stackdrift.deploy.StackDeployment}): the per-stack lock,
 * the "running" marker, the {@link io.stackdrift.deploy.ApplyGate} ladder both share, the apply of this run's plan,
 * the outputs file. It asks the run for what it needs through {@link io.stackdrift.deploy.DeployContext}, so it
 * knows nothing of the engine above it.
 */
package io.stackdrift.deploy;
