package io.jenkins.plugins.stackdrift.credentials;

import java.util.Objects;

/**
 * A credentials id an allow-list written on the controller names (the step's {@code allowedCredentials} in the
 * Jenkinsfile, an administrator's global or folder list): the only form in which an id reaches the credentials store.
 * Only {@link AllowedCredentials#admit} makes one, and its value is the list's own string, never the one the agent
 * reported; the credentials paths test checks that nothing else makes one and that no other path looks a credential up.
 */
public final class AllowedId {
    private final String value;

    AllowedId(final String value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    public String value() {
        return value;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof AllowedId id && id.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return value;
    }
}
