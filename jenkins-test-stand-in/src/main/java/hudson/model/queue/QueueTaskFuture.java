package hudson.model.queue;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import hudson.model.Queue.Executable;

public interface QueueTaskFuture<R extends Executable> extends Future<R> {
    R waitForStart() throws InterruptedException, ExecutionException;
}
