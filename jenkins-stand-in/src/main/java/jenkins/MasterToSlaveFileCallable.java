package jenkins;

import hudson.FilePath;

public abstract class MasterToSlaveFileCallable<T> implements FilePath.FileCallable<T> {
    private static final long serialVersionUID = 1L;
}
