package hudson;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;

import hudson.model.TaskListener;

public abstract class Proc {
    protected Proc() {
    }

    public abstract boolean isAlive() throws IOException, InterruptedException;

    public abstract void kill() throws IOException, InterruptedException;

    public abstract int join() throws IOException, InterruptedException;

    public abstract InputStream getStdout();

    public abstract InputStream getStderr();

    public abstract OutputStream getStdin();

    public final int joinWithTimeout(final long timeout, final TimeUnit unit, final TaskListener listener)
            throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }
}
