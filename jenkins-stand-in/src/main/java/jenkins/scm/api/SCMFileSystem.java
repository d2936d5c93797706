package jenkins.scm.api;

import java.io.Closeable;
import java.io.IOException;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;

public abstract class SCMFileSystem implements Closeable {
    @Override
    public void close() throws IOException {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public final SCMFile child(@NonNull String path) {
        throw new UnsupportedOperationException();
    }

    @CheckForNull
    public static SCMFileSystem of(@NonNull SCMSource source, @NonNull SCMHead head, @CheckForNull SCMRevision rev)
            throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }
}
