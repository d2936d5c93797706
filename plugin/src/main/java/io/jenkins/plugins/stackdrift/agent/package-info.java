/** What runs on the agent: the engine call, the process runner and what crosses the channel both ways. */
package io.jenkins.plugins.stackdrift.agent;
