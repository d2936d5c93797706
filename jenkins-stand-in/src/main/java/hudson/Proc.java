package hudson;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import hudson.model.TaskListener;

public abstract class Proc {
    protected Proc() {
    }

    public abstract void kill() throws IOException, InterruptedException;

    public abstract int join() throws IOException, InterruptedException;

    public final int joinWithTimeout(final long timeout, final TimeUnit unit, final TaskListener listener)
            throws IOException, InterruptedException {
        throw new UnsupportedOperationException();
    }
}
