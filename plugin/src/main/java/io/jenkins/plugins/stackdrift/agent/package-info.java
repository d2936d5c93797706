/**
 * What runs on the agent (the engine call, the process runner, what crosses the channel both ways) and the one
 * piece the agent reaches back to on the controller: the launch service over the step's launcher.
 */
package io.jenkins.plugins.stackdrift.agent;
