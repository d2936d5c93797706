package io.jenkins.plugins.stackdrift.credentials;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import io.stackdrift.render.SecretMask;

/**
 * The credentials of each stack, resolved on the controller in the build's context: the environment
 * its processes get (plain values: {@link io.jenkins.plugins.stackdrift.agent.AgentProcessRunner} hands them to the process literally,
 * no {@code $}
 * expansion), and for a stack
 * whose credentials could not be resolved, the one-line reason it fails with before any tool runs; and the pattern
 * that masks every bound value (credentials-binding's, made on the controller: it needs the Jenkins JVM).
 * Holds secrets: never logged, never persisted; {@link #toString()} shows names only.
 */
public final class StackCredentials implements Serializable {
    private static final long serialVersionUID = 2L;

    private final TreeMap<String, LinkedHashMap<String, String>> environmentByStack;
    private final TreeMap<String, String> failureByStack;
    /** The mask's regular expression; empty when nothing is secret. */
    private final String maskPattern;

    public StackCredentials(final Map<String, ? extends Map<String, String>> environmentByStack,
            final Map<String, String> failureByStack, final Pattern mask) {
        this.environmentByStack = new TreeMap<>();
        environmentByStack.forEach((stack, env) -> this.environmentByStack.put(stack, new LinkedHashMap<>(env)));
        this.failureByStack = new TreeMap<>(failureByStack);
        this.maskPattern = mask.pattern();
    }

    public static StackCredentials none() {
        return new StackCredentials(Map.of(), Map.of(), Pattern.compile(""));
    }

    /** The environment for one stack's processes; empty when it needs no credentials. */
    public Map<String, String> environment(final String stackId) {
        Map<String, String> env = environmentByStack.get(stackId);
        return env == null ? Map.of() : Collections.unmodifiableMap(env);
    }

    /** The environment of every stack whose credentials were bound (the controller's launch policy checks against it). */
    public List<Map<String, String>> boundEnvironments() {
        List<Map<String, String>> all = new ArrayList<>();
        environmentByStack.values().forEach(env -> all.add(Collections.unmodifiableMap(env)));
        return Collections.unmodifiableList(all);
    }

    /** Every bound stack's environment, by stack id (a durable step writes them into its secrets file on the agent). */
    public Map<String, Map<String, String>> byStack() {
        Map<String, Map<String, String>> all = new TreeMap<>();
        environmentByStack.forEach((stack, env) -> all.put(stack, Collections.unmodifiableMap(env)));
        return Collections.unmodifiableMap(all);
    }

    /** The mask's regular expression; empty when nothing is secret. */
    public String maskPattern() {
        return maskPattern;
    }

    /** Stack id → "credentials 'x' not found" (or wrong kind): these stacks fail before any tool runs. */
    public Map<String, String> failures() {
        return Collections.unmodifiableMap(failureByStack);
    }

    /** Masks every bound value in the forms credentials-binding knows (the console, the record, what goes back). */
    public SecretMask mask() {
        return SecretMask.of(Pattern.compile(maskPattern));
    }

    @Override
    public String toString() {
        return "StackCredentials" + environmentByStack.keySet() + " failures=" + failureByStack;
    }
}
