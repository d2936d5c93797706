package io.jenkins.plugins.stackdrift;

import java.io.PrintStream;

import edu.umd.cs.findbugs.annotations.SuppressFBWarnings;
import hudson.model.TaskListener;

/** A listener over an already masked stream, for the local launcher on the agent. Never sent anywhere. */
@SuppressFBWarnings(value = "SE_TRANSIENT_FIELD_NOT_RESTORED", justification = "created and used on the agent only, never serialized")
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
