/**
 * The Jenkins layer of Stack Drift: it adapts Jenkins objects to the core engine's ports
 * ({@code io.stackdrift.engine.EngineServices}) and shows what the engine recorded.
 *
 * <p>Where things run (the choice, and why):
 * <ul>
 * <li>The core engine runs <b>on the agent</b>, inside {@link io.jenkins.plugins.stackdrift.agent.AgentEngineCall} (a
 *     {@code MasterToSlaveFileCallable}) against the workspace there: the core reads {@code stacks.yaml}, plan
 *     files and tool output through {@code java.nio.file.Path}, which only works where the files are, and large
 *     plans must be streamed, never shipped. Tool processes start through the step's own {@code Launcher}, as
 *     {@code sh}'s do (so inside {@code container()} and {@code docker.inside}):
 *     {@link io.jenkins.plugins.stackdrift.agent.AgentProcessRunner} asks the controller's exported
 *     {@link io.jenkins.plugins.stackdrift.agent.JenkinsToolLauncher}, and the tool writes its output into files
 *     on the agent; the build's environment under the stack's own, secrets masked.</li>
 * <li>Only compact values cross back ({@link io.jenkins.plugins.stackdrift.agent.AgentOutcome}); the run record (core
 *     {@code RecordJson}) is left in a file on the agent and streamed into the build directory
 *     ({@code stack-drift.json}), where {@link io.jenkins.plugins.stackdrift.actions.StackDriftRunAction} reads it
 *     lazily. build.xml keeps only {@link io.jenkins.plugins.stackdrift.actions.BuildSummary}.</li>
 * <li>History across builds is the job's core {@code HistoryStore} on the controller
 *     ({@link io.jenkins.plugins.stackdrift.history.JobHistory}, {@code <job>/stack-drift-history/}): the files the
 *     engine reads are copied to the agent before a run; the controller then saves the run itself.</li>
 * <li>Per-stack deploy locks across builds are held on the controller for a whole step
 *     ({@link io.jenkins.plugins.stackdrift.history.JobStackLocks}); the engine on the agent sees them through
 *     the core's {@code HeldLocks}.</li>
 * <li>Credentials are resolved <b>on the controller</b> in the build's context
 *     ({@link io.jenkins.plugins.stackdrift.credentials.CredentialsEnvironment}) after the agent reported which ids the
 *     selected stacks name; a missing id fails that stack before any tool runs.</li>
 * <li>Pages render the core's HTML fragments ({@code io.stackdrift.render}) and serve its style sheet and
 *     script as files of the actions.</li>
 * <li>Only {@link io.jenkins.plugins.stackdrift.JenkinsFacade} touches {@code Jenkins.get()} (ArchUnit-checked).</li>
 * </ul>
 * <p>Subpackages, each depending only on those below it (ArchUnit-checked, no cycle): {@code steps} (the
 * Pipeline steps and one step call on the controller) over {@code actions} (build and job pages, approval) over
 * {@code trigger} (the drift schedule and the causes), {@code agent} (the call on the agent and what crosses the
 * channel) over {@code credentials} over {@code history} (job history, deploy locks, the build's details file),
 * and this package (global configuration, result policy, the Jenkins facade) at the bottom.
 *
 * docs/jenkins.md describes the steps, the trigger, the configuration and what is verified where.
 */
package io.jenkins.plugins.stackdrift;
