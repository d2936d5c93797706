package jenkins.scm.api;

import java.io.IOException;

import edu.umd.cs.findbugs.annotations.NonNull;

public abstract class SCMFile {
    public final boolean isFile() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }

    @NonNull
    public String contentAsString() throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }
}
