package io.jenkins.plugins.stackdrift.credentials;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the {@code credentials:} mapping of a build's stacks comes from: the build's own checkout, the target branch's
 * configuration file (a change request from an untrusted source), or nowhere (its trusted configuration could not be
 * read: nothing is bound). Never holds a secret: the file's text names credentials ids only.
 */
public final class CredentialsSource {
    /** The three answers. */
    public enum Kind {
        /** The checkout's own file: the build's revision is one its job trusts. */
        CHECKOUT,
        /** The target branch's file: the build's revision comes from an untrusted source. */
        TARGET_BRANCH,
        /** No mapping can be trusted: no credentials are bound. */
        NONE
    }

    private final Kind kind;
    private final String trustedConfig;
    private final String reason;

    private CredentialsSource(final Kind kind, final String trustedConfig, final String reason) {
        this.kind = kind;
        this.trustedConfig = trustedConfig;
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public static CredentialsSource checkout() {
        return new CredentialsSource(Kind.CHECKOUT, null, "");
    }

    /** @param why what the build log says about it, naming the revisions, never a value */
    public static CredentialsSource targetBranch(final String trustedConfig, final String why) {
        return new CredentialsSource(Kind.TARGET_BRANCH, Objects.requireNonNull(trustedConfig, "trustedConfig"), why);
    }

    public static CredentialsSource none(final String why) {
        return new CredentialsSource(Kind.NONE, null, why);
    }

    public Kind kind() {
        return kind;
    }

    /** The target branch's configuration file, for {@link Kind#TARGET_BRANCH}. */
    public Optional<String> trustedConfig() {
        return Optional.ofNullable(trustedConfig);
    }

    /** Why the checkout's mapping is not used (empty for {@link Kind#CHECKOUT}). */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "CredentialsSource[" + kind + "]";
    }
}
