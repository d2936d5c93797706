package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A repository as an SCM source sees it: revisions with their files; a change request from a fork is untrusted (the
 * source trusts the target branch's revision in its place), one from the repository itself is trusted.
 */
public final class ChangeRequestModel implements ChangeTrust.Revisions {
    public final Map<String, Map<String, String>> files = new HashMap<>();
    public boolean fromSource = true;
    public boolean changeRequest = true;
    public String tip = "pr-7-head";
    public String trustedRevision = "main-tip";
    public boolean trustCheckFails;
    public boolean readFails;
    /** As scm-api's mock SCM: no SCMFileSystem for its revisions. */
    public boolean noFileAccess;

    public ChangeRequestModel file(final String revision, final String path, final String text) {
        files.computeIfAbsent(revision, r -> new HashMap<>()).put(path, text);
        return this;
    }

    @Override
    public boolean fromSource() {
        return fromSource;
    }

    @Override
    public Optional<Object> tip() {
        return Optional.ofNullable(tip);
    }

    @Override
    public Object trusted(final Object revision) throws IOException {
        if (trustCheckFails) {
            throw new IOException("the hosting service did not answer");
        }
        return trustedRevision;
    }

    @Override
    public boolean changeRequest() {
        return changeRequest;
    }

    @Override
    public Optional<String> read(final Object revision, final String path) throws IOException {
        if (readFails) {
            throw new IOException("rate limited");
        }
        if (noFileAccess) {
            throw new NoFileAccess("the SCM source offers no file access to a revision");
        }
        return Optional.ofNullable(files.getOrDefault(revision.toString(), Map.of()).get(path));
    }
}
