/** Build and job pages: the run action, per-stack pages, the job action and badge, the approval. */
package io.jenkins.plugins.stackdrift.actions;
