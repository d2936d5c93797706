package io.stackdrift.cli;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

import io.stackdrift.model.StackId;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.CredentialsResolver;

/**
 * The command line's credentials: each variable a stack names under {@code credentials:} is taken from the
 * environment stackdrift runs in (its value handed to that stack's processes, as they would inherit it), and every
 * value seen joins the mask of everything the run prints, records, renders and keeps — as the plugin masks the
 * values of the credentials it binds.
 */
final class EnvironmentCredentials implements CredentialsResolver {
    private final UnaryOperator<String> environment;
    private final Set<String> values = ConcurrentHashMap.newKeySet();
    private volatile SecretMask mask = SecretMask.NONE;

    /** @param environment a variable's value by name, null when it is not set */
    EnvironmentCredentials(final UnaryOperator<String> environment) {
        this.environment = environment;
    }

    @Override
    public Map<String, String> environmentFor(final StackId stack, final Map<String, String> credentialIds) {
        Map<String, String> found = new TreeMap<>();
        boolean added = false;
        for (String name : credentialIds.keySet()) {
            String value = environment.apply(name);
            if (value != null && !value.isEmpty()) {
                found.put(name, value);
                added |= values.add(value);
            }
        }
        if (added) {
            synchronized (this) {
                mask = SecretMask.of(values);
            }
        }
        return found;
    }

    /** The mask of the values seen so far (a stack's values are seen before any of its processes starts). */
    SecretMask mask() {
        return mask;
    }
}
