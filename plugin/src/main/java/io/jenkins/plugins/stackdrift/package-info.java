/**
 * The Jenkins layer of Stack Drift: it only adapts Jenkins objects to the engine's ports.
 *
 * <p>Where things run (the choice, and why):
 * <ul>
 * <li>The engine runs <b>on the agent</b>, inside {@link io.jenkins.plugins.stackdrift.AgentEngineCall} (a
 *     {@code MasterToSlaveFileCallable}) against the workspace there: the core reads {@code stacks.yaml}, plan
 *     files and tool output through {@code java.nio.file.Path}, which only works where the files are, and large
 *     plans must be streamed, never shipped. Tool processes start through a local {@code Launcher} on that
 *     agent ({@link io.jenkins.plugins.stackdrift.LauncherProcessRunner}: stdout to a file, stderr apart and
 *     masked, {@code $} escaped as {@code $$} in the environment, kill on interrupt).</li>
 * <li>Only compact values cross back ({@link io.jenkins.plugins.stackdrift.AgentOutcome}); the run record is
 *     left in a file on the agent and copied, streamed, into the build directory
 *     ({@code stack-drift.json}), where {@link io.jenkins.plugins.stackdrift.StackDriftRunAction} reads it
 *     lazily. build.xml keeps only {@link io.jenkins.plugins.stackdrift.RunSummary}.</li>
 * <li>Credentials are resolved <b>on the controller</b> in the build's context
 *     ({@link io.jenkins.plugins.stackdrift.CredentialsEnvironment}) after the agent reported which ids the
 *     selected stacks name; a missing id fails that stack before any tool runs.</li>
 * <li>Only {@link io.jenkins.plugins.stackdrift.JenkinsFacade} touches {@code Jenkins.get()} (ArchUnit-checked).</li>
 * </ul>
 *
 * <p>TODO(core wiring): {@link io.jenkins.plugins.stackdrift.StackDriftEngine} is the port the core must
 * implement (ConfigLoader, orchestrators, history); {@link io.jenkins.plugins.stackdrift.EngineFactory#core()}
 * refuses to run until then. {@link io.jenkins.plugins.stackdrift.RunRecordJson}, the counts line in
 * {@link io.jenkins.plugins.stackdrift.RunSummary} and {@link io.jenkins.plugins.stackdrift.DriftBadgeSvg}
 * should switch to the core's record codec and renderers when they land.
 */
package io.jenkins.plugins.stackdrift;
