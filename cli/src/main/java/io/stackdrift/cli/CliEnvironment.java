package io.stackdrift.cli;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/** The environment the command line reads its credentials from: the process's, or a test's stand-in. */
final class CliEnvironment {
    private static final AtomicReference<UnaryOperator<String>> LOOKUP = new AtomicReference<>(System::getenv);

    private CliEnvironment() {
    }

    static String get(final String name) {
        return LOOKUP.get().apply(name);
    }

    /** For tests: the variables to read instead of the process's; returns the lookup before. */
    static UnaryOperator<String> use(final UnaryOperator<String> lookup) {
        return LOOKUP.getAndSet(lookup);
    }
}
