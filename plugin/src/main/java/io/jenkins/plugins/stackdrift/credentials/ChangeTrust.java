package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.util.Optional;

/**
 * Which {@code credentials:} mapping a build may use, by Jenkins' own rule for untrusted changes (multibranch runs a
 * fork's pull request with the target branch's Jenkinsfile, and {@code readTrusted} refuses a file the change
 * modified): when the SCM source says the build's revision is not one it trusts ({@code SCMSource.getTrustedRevision}
 * returns another revision), nothing is bound, unless the step opted in ({@link UntrustedChanges}) to the
 * configuration file of that trusted revision; when that cannot be read, nothing is bound either. The change's own
 * code runs with whatever is bound. Jenkins-free: the SCM is behind {@link Revisions}, so the decision is tested with a
 * model of a change request.
 */
public final class ChangeTrust {
    /** The build's revisions as its SCM source sees them (in Jenkins: scm-api's source, head and revision action). */
    public interface Revisions {
        /** Whether the job is a branch or change request of an SCM source (a multibranch project's child). */
        boolean fromSource();

        /** The revision the build checked out; empty when the build does not say. */
        Optional<Object> tip();

        /** The revision the source trusts in place of {@code tip} (itself when it trusts it). */
        Object trusted(Object tip) throws IOException, InterruptedException;

        /** Whether {@code revision} names a change request (for the log only). */
        boolean changeRequest();

        /**
         * The file at {@code path} in {@code revision}; empty when it has none; {@link NoFileAccess} when the source
         * offers no lightweight file access.
         */
        Optional<String> read(Object revision, String path) throws IOException, InterruptedException;
    }

    private ChangeTrust() {
    }

    /**
     * Where the credentials mapping of {@code configFile} (relative to the checkout) comes from for this build.
     *
     * @param untrusted what the step binds for a revision its source does not trust
     */
    public static CredentialsSource decide(final Revisions revisions, final String configFile, final UntrustedChanges untrusted)
            throws InterruptedException {
        if (!revisions.fromSource()) {
            // a job whose SCM its owner configured: its files are as trusted as its Pipeline
            return CredentialsSource.checkout();
        }
        Optional<Object> tip = revisions.tip();
        if (tip.isEmpty()) {
            return CredentialsSource.none("the build does not record which revision it checked out, so its " + configFile
                    + " cannot be checked against the trusted revision; no credentials are bound");
        }
        Object trusted;
        try {
            trusted = revisions.trusted(tip.get());
        } catch (IOException e) {
            return CredentialsSource.none("the SCM source could not say whether the build's revision is trusted ("
                    + e.getClass().getSimpleName() + "); no credentials are bound");
        }
        if (trusted.equals(tip.get())) {
            return CredentialsSource.checkout();
        }
        String change = revisions.changeRequest() ? "this change request comes" : "this revision comes";
        if (untrusted == UntrustedChanges.NO_CREDENTIALS) {
            return CredentialsSource.none(change + " from a source the job does not trust (the trusted revision is " + trusted
                    + "), and its own code would run with what is bound: it runs without credentials. To bind what "
                    + configFile + " of the trusted revision maps for its stacks, set untrustedChanges: '"
                    + UntrustedChanges.TARGET_BRANCH_CREDENTIALS + "' on the step in the Jenkinsfile");
        }
        try {
            Optional<String> text = revisions.read(trusted, configFile);
            if (text.isEmpty()) {
                return CredentialsSource.none(change + " from a source the job does not trust, and the trusted revision ("
                        + trusted + ") has no " + configFile + "; no credentials are bound");
            }
            return CredentialsSource.targetBranch(text.get(), change + " from a source the job does not trust: the credentials"
                    + " of its stacks come from " + configFile + " of the trusted revision (" + trusted + "), not from the change");
        } catch (NoFileAccess e) {
            return CredentialsSource.none(change + " from a source the job does not trust, and its SCM source offers no"
                    + " lightweight access to the files of the trusted revision (" + trusted + "), so " + configFile
                    + " of that revision cannot be read (Stack Drift does not check it out); no credentials are bound");
        } catch (IOException e) {
            return CredentialsSource.none(change + " from a source the job does not trust, and " + configFile
                    + " of the trusted revision could not be read (" + e.getClass().getSimpleName() + "); no credentials are bound");
        }
    }
}
