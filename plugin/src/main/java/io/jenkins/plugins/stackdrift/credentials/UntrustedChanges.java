package io.jenkins.plugins.stackdrift.credentials;

import java.util.Locale;
import java.util.Optional;

/**
 * What a step binds for a change request (or any revision) its SCM source does not trust, e.g. a pull request from a
 * fork: the step parameter {@code untrustedChanges}. Such a change's own Terraform or Pulumi code runs with whatever is
 * bound, so the default binds nothing, as {@code readTrusted} refuses an untrusted file rather than substitute one.
 */
public enum UntrustedChanges {
    /** Nothing is bound; the log and the build page say the step ran without credentials. */
    NO_CREDENTIALS,
    /**
     * Each stack of the change gets what the trusted revision's (the target branch's) configuration file maps for the
     * same directory and name, read and parsed on the controller, within the allow-lists.
     */
    TARGET_BRANCH_CREDENTIALS;

    /** The policy a step names (any case, blank: the default); empty for an unknown word. */
    public static Optional<UntrustedChanges> parse(final String word) {
        if (word == null || word.isBlank()) {
            return Optional.of(NO_CREDENTIALS);
        }
        try {
            return Optional.of(valueOf(word.trim().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
