package io.stackdrift.config;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The single-valued settings one place of stacks.yaml sets (the top level or one {@code stacks:} entry), each with
 * where it is written. Immutable; values can only enter through a key of their own type.
 */
final class Settings {
    static final Settings NONE = new Settings(Map.of());

    private final Map<SettingKey<?>, Setting<?>> values;

    private Settings(final Map<SettingKey<?>, Setting<?>> values) {
        this.values = Map.copyOf(values);
    }

    /** The setting of {@code key}, if this place sets it. */
    <T> Optional<Setting<T>> get(final SettingKey<T> key) {
        Setting<?> setting = values.get(key);
        return setting == null ? Optional.empty() : Optional.of(new Setting<>(key.cast(setting.value()), setting.at()));
    }

    boolean has(final SettingKey<?> key) {
        return values.containsKey(key);
    }

    /** The keys set here, ordered by name (the order conflicts are reported in). */
    List<SettingKey<?>> keys() {
        return values.keySet().stream().sorted(Comparator.comparing(SettingKey::name)).toList();
    }

    /** Collects the settings of one place while it is parsed; a later setting of a key replaces an earlier one. */
    static final class Builder {
        private final Map<SettingKey<?>, Setting<?>> values = new LinkedHashMap<>();

        <T> void put(final SettingKey<T> key, final Setting<T> setting) {
            values.put(key, setting);
        }

        Settings build() {
            return new Settings(values);
        }
    }
}
