/** Credentials resolved on the controller in the build's context, and the secret files they become. */
package io.jenkins.plugins.stackdrift.credentials;
