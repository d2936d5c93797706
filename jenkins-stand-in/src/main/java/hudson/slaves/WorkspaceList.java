package hudson.slaves;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import hudson.FilePath;

public final class WorkspaceList {
    @CheckForNull
    public static FilePath tempDir(FilePath ws) {
        throw new UnsupportedOperationException();
    }
}
