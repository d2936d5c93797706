/** What the controller keeps across builds: the job's history, the per-stack deploy locks and the
 * build's details file. */
package io.jenkins.plugins.stackdrift.history;
