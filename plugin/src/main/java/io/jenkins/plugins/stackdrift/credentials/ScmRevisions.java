package io.jenkins.plugins.stackdrift.credentials;

import java.io.IOException;
import java.util.Optional;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.model.Run;
import hudson.model.TaskListener;
import jenkins.scm.api.SCMFile;
import jenkins.scm.api.SCMFileSystem;
import jenkins.scm.api.SCMHead;
import jenkins.scm.api.SCMRevision;
import jenkins.scm.api.SCMRevisionAction;
import jenkins.scm.api.SCMSource;
import jenkins.scm.api.mixin.ChangeRequestSCMHead;

/**
 * A build's revisions as scm-api sees them, the way workflow-multibranch's {@code readTrusted} asks: the job's source
 * and head ({@code SourceByItem}/{@code HeadByItem}), the revision the build checked out ({@link SCMRevisionAction}),
 * the one the source trusts in its place ({@link SCMSource#getTrustedRevision}) and a file of that revision through
 * {@link SCMFileSystem}. Where the source offers no file access, the file counts as unreadable (no heavyweight
 * checkout as {@code readTrusted}'s fallback does): nothing is bound. Compiled here, run only in a real Jenkins.
 */
public final class ScmRevisions implements ChangeTrust.Revisions {
    private final Run<?, ?> run;
    private final TaskListener listener;
    @CheckForNull private final SCMSource source;
    @CheckForNull private final SCMHead head;

    public ScmRevisions(final Run<?, ?> run, final TaskListener listener) {
        this.run = run;
        this.listener = listener;
        this.source = SCMSource.SourceByItem.findSource(run.getParent());
        this.head = SCMHead.HeadByItem.findHead(run.getParent());
    }

    @Override
    public boolean fromSource() {
        return source != null && head != null;
    }

    @Override
    public Optional<Object> tip() {
        return source == null ? Optional.empty() : Optional.ofNullable(SCMRevisionAction.getRevision(source, run));
    }

    @Override
    public Object trusted(final Object tip) throws IOException, InterruptedException {
        if (source == null) {
            return tip;
        }
        return source.getTrustedRevision((SCMRevision) tip, listener);
    }

    @Override
    public boolean changeRequest() {
        return head instanceof ChangeRequestSCMHead;
    }

    @Override
    public Optional<String> read(final Object revision, final String path) throws IOException, InterruptedException {
        if (source == null || head == null) {
            throw new IOException("the job has no SCM source");
        }
        try (SCMFileSystem files = SCMFileSystem.of(source, head, (SCMRevision) revision)) {
            if (files == null) {
                throw new NoFileAccess("the SCM source offers no file access to a revision");
            }
            SCMFile file = files.child(path);
            return file.isFile() ? Optional.of(file.contentAsString()) : Optional.empty();
        }
    }
}
