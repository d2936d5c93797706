package io.stackdrift.config;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

import io.stackdrift.model.Tool;

/**
 * The name of one single-valued setting of stacks.yaml with the type of its value and the value a stack gets when
 * no place in the file sets it. A typed key lets the generic merge (one conflict rule for every key) hand back a
 * {@code DriftMode} for {@link #DRIFT_MODE} without a cast at the reader.
 *
 * @param <T> the value's type
 */
final class SettingKey<T> {
    static final SettingKey<Boolean> DRIFT_ENABLED = new SettingKey<>("drift.enabled", Boolean.class, true);
    static final SettingKey<DriftMode> DRIFT_MODE = new SettingKey<>("drift.mode", DriftMode.class, DriftMode.REPORT);
    static final SettingKey<Duration> DRIFT_EVERY = new SettingKey<>("drift.every", Duration.class, DriftSettings.DEFAULT_EVERY);
    static final SettingKey<Integer> DRIFT_MAX_CHANGES = new SettingKey<>("drift.maxChanges", Integer.class, DriftSettings.NO_LIMIT);
    static final SettingKey<Boolean> DRIFT_ALLOW_REPLACE = new SettingKey<>("drift.allowReplace", Boolean.class, false);
    static final SettingKey<Duration> REAPPLY = new SettingKey<>("reapply", Duration.class, StackConfig.DEFAULT_REAPPLY);
    static final SettingKey<Policy> POLICY = new SettingKey<>("policy", Policy.class, Policy.ON_CHANGE);
    /** No fallback: the loader derives it from the agent's cores. */
    static final SettingKey<Integer> PARALLELISM = new SettingKey<>("parallelism", Integer.class, null);
    /** No fallback: discovery detects the tool from the stack's files. */
    static final SettingKey<Tool> TOOL = new SettingKey<>("tool", Tool.class, null);
    static final SettingKey<Outputs> OUTPUTS = new SettingKey<>("outputs", Outputs.class, null);
    static final SettingKey<PolicyCheckChoice> POLICY_CHECK = new SettingKey<>("policyCheck", PolicyCheckChoice.class,
            PolicyCheckChoice.OFF);

    private static final String CREDENTIALS = "credentials.";

    private final String name;
    private final Class<T> type;
    private final T fallback;

    private SettingKey(final String name, final Class<T> type, final T fallback) {
        this.name = name;
        this.type = type;
        this.fallback = fallback;
    }

    /** The credentials id bound to environment variable {@code variable}: one key per variable, so each merges alone. */
    static SettingKey<String> credentials(final String variable) {
        return new SettingKey<>(CREDENTIALS + variable, String.class, null);
    }

    /** The key as problems and ordering use it: {@code drift.mode}, {@code credentials.AWS_ACCESS_KEY_ID}. */
    String name() {
        return name;
    }

    Optional<T> fallback() {
        return Optional.ofNullable(fallback);
    }

    /** The value a setting of this key holds; {@link Settings} only ever stores values of the key's type. */
    T cast(final Object value) {
        return type.cast(value);
    }

    boolean isCredentials() {
        return name.startsWith(CREDENTIALS);
    }

    /** The environment variable of a {@link #credentials(String)} key. */
    String variable() {
        return name.substring(CREDENTIALS.length());
    }

    /** How a conflict message names the key. */
    String shown() {
        return isCredentials() ? "credentials " + variable() : name;
    }

    @Override
    public boolean equals(final Object other) {
        return other instanceof SettingKey<?> key && key.name.equals(name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
