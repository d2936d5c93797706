package jenkins.scm.impl.mock;

import java.io.Closeable;
import java.io.IOException;

public class MockSCMController implements Closeable {
    public static MockSCMController create() {
        throw new UnsupportedOperationException();
    }

    @Override
    public void close() {
        throw new UnsupportedOperationException();
    }

    public synchronized void createRepository(String name, MockRepositoryFlags... flags) throws IOException {
        throw new UnsupportedOperationException();
    }

    public synchronized void cloneBranch(String repository, String srcBranch, String dstBranch) throws IOException {
        throw new UnsupportedOperationException();
    }

    public synchronized Integer openChangeRequest(String repository, String branch, MockChangeRequestFlags... flags) throws IOException {
        throw new UnsupportedOperationException();
    }

    public synchronized void addFile(String repository, String branchOrCR, String message, String path, byte[] content)
            throws IOException {
        throw new UnsupportedOperationException();
    }
}
