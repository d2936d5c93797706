package io.stackdrift.engine;

/** What one run kind does with the stacks its {@link RunFrame} selected. */
@FunctionalInterface
interface RunBody {
    void run(RunContext run) throws InterruptedException;
}
