/** The drift schedule trigger and the causes that start Stack Drift builds. */
package io.jenkins.plugins.stackdrift.trigger;
