package io.jenkins.plugins.stackdrift;

import java.io.PrintStream;

import hudson.model.TaskListener;

/** A listener over an already masked stream, for the local launcher on the agent. Never sent anywhere. */
final class PrintStreamListener implements TaskListener {
    private static final long serialVersionUID = 1L;

    private final transient PrintStream logger;

    PrintStreamListener(final PrintStream logger) {
        this.logger = logger;
    }

    @Override
    public PrintStream getLogger() {
        return logger;
    }
}
