package io.stackdrift.config;

import java.util.Optional;

import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * One stack that discovery or an entry produced, before its settings are merged.
 *
 * @param directory the directory it lives in
 * @param name      the Pulumi stack or Terraform workspace; {@link Candidates#NO_STACK} for the default workspace
 * @param id        its stack id
 * @param ignoredBy the top-level ignore entry that leaves it out, if any
 * @param detected  the tool its files point to
 */
record Candidate(ProjectDirectory directory, String name, StackId id, Optional<IgnoreEntry> ignoredBy, Tool detected) {
}
