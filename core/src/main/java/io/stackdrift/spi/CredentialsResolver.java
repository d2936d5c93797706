package io.stackdrift.spi;

import java.util.Map;

import io.stackdrift.model.StackId;

/**
 * Turns a stack's {@code credentials:} (environment variable → credentials id) into the environment of that
 * stack's processes. The plugin resolves ids with the credentials plugin; the CLI passes its own environment
 * through and resolves nothing.
 */
@FunctionalInterface
public interface CredentialsResolver {
    /** The CLI's resolver: the variables are expected in the environment stackdrift runs in. */
    CredentialsResolver NONE = (stack, credentialIds) -> Map.of();

    /**
     * @param stack         the stack whose processes get the variables
     * @param credentialIds the stack's {@code credentials:}: environment variable → credentials id (ids, never secrets)
     * @return variables to add to the stack's processes; values never logged or recorded
     * @throws MissingCredentialsException when an id cannot be found ("credentials 'x' not found")
     */
    Map<String, String> environmentFor(StackId stack, Map<String, String> credentialIds) throws MissingCredentialsException;

    /**
     * Called once a run has read its configuration, before any tool starts, with the {@code credentials:} of every
     * stack of the file, selected or not. A host that masks the values learns them all here: a tool may print a value
     * that another stack names (the CLI's tools inherit the whole environment stackdrift runs in). Nothing by default.
     *
     * @param credentialIds stack → (environment variable → credentials id)
     */
    default void configured(final Map<StackId, Map<String, String>> credentialIds) {
        // a host that binds only what each stack names (the plugin) masks what it bound
    }
}
