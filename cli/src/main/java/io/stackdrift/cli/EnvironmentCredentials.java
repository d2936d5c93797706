package io.stackdrift.cli;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

import io.stackdrift.model.StackId;
import io.stackdrift.render.SecretMask;
import io.stackdrift.spi.CredentialsResolver;

/**
 * The command line's credentials: each variable a stack names under {@code credentials:} is taken from the
 * environment stackdrift runs in (its value handed to that stack's processes, as they would inherit it). The value of
 * every variable any stack of the file names joins the mask of everything the run prints, records, renders and keeps
 * as soon as the run has read the file, before any tool starts: every tool inherits the whole environment, so one
 * stack's tool can print another stack's value, even one whose stack never runs.
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
    public void configured(final Map<StackId, Map<String, String>> credentialIds) {
        Set<String> names = new TreeSet<>();
        credentialIds.values().forEach(variables -> names.addAll(variables.keySet()));
        learn(names);
    }

    @Override
    public Map<String, String> environmentFor(final StackId stack, final Map<String, String> credentialIds) {
        return learn(credentialIds.keySet());
    }

    /** The set values of these variables, each added to the mask. */
    private Map<String, String> learn(final Set<String> names) {
        Map<String, String> found = new TreeMap<>();
        boolean added = false;
        for (String name : names) {
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

    /** The mask of every value the run's file names (known before any tool starts), in all their printed forms. */
    SecretMask mask() {
        return mask;
    }
}
