/**
 * A preview's or drift check's summary published as a check on the change request, through the Checks API plugin when
 * it is installed (an optional dependency): only {@link io.jenkins.plugins.stackdrift.checks.ChecksApiPublisher} names
 * its classes, and it is loaded only after {@link io.jenkins.plugins.stackdrift.JenkinsFacade#pluginActive} said so.
 */
package io.jenkins.plugins.stackdrift.checks;
