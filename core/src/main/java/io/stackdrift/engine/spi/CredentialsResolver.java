package io.stackdrift.engine.spi;

import java.util.Map;

import io.stackdrift.config.StackConfig;

/**
 * Turns a stack's {@code credentials:} (environment variable → credentials id) into the environment of that
 * stack's processes. The plugin resolves ids with the credentials plugin; the CLI passes its own environment
 * through and resolves nothing.
 */
@FunctionalInterface
public interface CredentialsResolver {
    /** The CLI's resolver: the variables are expected in the environment stackdrift runs in. */
    CredentialsResolver NONE = stack -> Map.of();

    /**
     * @return variables to add to the stack's processes; values never logged or recorded
     * @throws MissingCredentialsException when an id cannot be found ("credentials 'x' not found")
     */
    Map<String, String> environmentFor(StackConfig stack) throws MissingCredentialsException;
}
