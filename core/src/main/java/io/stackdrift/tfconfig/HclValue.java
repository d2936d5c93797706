package io.stackdrift.tfconfig;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The value of an argument as far as a static reading can know it: a plain string, an object, or anything else. */
public sealed interface HclValue {
    /** This value as a plain string, when it is one. */
    default Optional<String> text() {
        return Optional.empty();
    }

    /** A quoted string without interpolation or directive: its value, escapes resolved. */
    record Text(String value) implements HclValue {
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public Optional<String> text() {
            return Optional.of(value);
        }
    }

    /** An object constructor ({@code { key = value }}) whose keys are all names or plain strings. */
    record ObjectValue(Map<String, HclValue> entries) implements HclValue {
        public ObjectValue {
            entries = Map.copyOf(entries);
        }

        /** The entry {@code key}, when written. */
        public Optional<HclValue> get(final String key) {
            return Optional.ofNullable(entries.get(key));
        }
    }

    /** Anything else: known only when the tool runs (a variable, a function call, a number, a template, …). */
    enum Expression implements HclValue {
        /** The one value of every expression a static reading cannot know. */
        UNKNOWN
    }
}
