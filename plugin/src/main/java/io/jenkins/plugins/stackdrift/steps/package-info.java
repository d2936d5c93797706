/** The Pipeline steps ({@code validateStacks}, {@code previewStacks}, {@code checkDrift}, {@code deployStacks})
 * and one step call on the controller ({@link io.jenkins.plugins.stackdrift.steps.StackDriftStepRun}). */
package io.jenkins.plugins.stackdrift.steps;
