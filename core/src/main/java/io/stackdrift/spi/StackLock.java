package io.stackdrift.spi;

import io.stackdrift.model.StackId;

/** A held per-stack lock; closing it lets the next run of that stack go. Closing twice does nothing. */
public interface StackLock extends AutoCloseable {
    StackId stack();

    @Override
    void close();
}
