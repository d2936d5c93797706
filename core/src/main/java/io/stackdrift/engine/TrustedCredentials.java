package io.stackdrift.engine;

import java.util.List;
import java.util.Map;

import io.stackdrift.config.CredentialsEntries;
import io.stackdrift.model.Problem;

/**
 * The {@code credentials:} mapping of a configuration file the host trusts, parsed from its text alone (no file is
 * read, no tool runs), applied to stacks that another copy of the repository has: each stack gets what the trusted
 * file's entries for its directory and name map, nothing the other copy's own file says. The Jenkins controller uses
 * it for a change request from an untrusted source whose Pipeline opted in to the target branch's credentials.
 */
public final class TrustedCredentials {
    private final CredentialsEntries entries;

    private TrustedCredentials(final CredentialsEntries entries) {
        this.entries = entries;
    }

    /** @param fileName how problems name the file */
    public static TrustedCredentials parse(final String yaml, final String fileName) {
        return new TrustedCredentials(CredentialsEntries.parse(yaml, fileName));
    }

    /** The file's problems; a file with any maps nothing. */
    public List<Problem> problems() {
        return entries.problems();
    }

    /** Variable → credentials id the trusted file maps for the stack at {@code place}; empty when it maps none. */
    public Map<String, String> of(final StackPlace place) {
        return entries.problems().isEmpty() ? entries.of(place.dir(), place.name()) : Map.of();
    }
}
