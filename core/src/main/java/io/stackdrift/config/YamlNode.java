package io.stackdrift.config;

import java.util.List;
import java.util.Optional;

/**
 * A YAML value with the position it was written at: our own small tree, because Jackson's tree
 * model forgets locations and every configuration problem must name line and column.
 */
sealed interface YamlNode {
    Location at();

    /** What kind of value this is, in words for messages ("a list", "the number 3"). */
    String describe();

    /** A mapping; keys keep their order and position. Duplicate keys never reach here. */
    record YamlMap(List<Entry> entries, Location at) implements YamlNode {
        public YamlMap {
            entries = List.copyOf(entries);
        }

        Optional<Entry> entry(final String key) {
            return entries.stream().filter(e -> e.key().equals(key)).findFirst();
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }

    /** One {@code key: value} of a mapping. */
    record Entry(String key, Location keyAt, YamlNode value) {
    }

    record YamlList(List<YamlNode> items, Location at) implements YamlNode {
        public YamlList {
            items = List.copyOf(items);
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /**
     * A scalar as written. YAML 1.1 reads {@code off}/{@code yes} as booleans; the text keeps the word
     * so that {@code mode: off} still means the mode.
     */
    record Scalar(String text, Kind kind, Location at) implements YamlNode {
        enum Kind { STRING, INTEGER, DECIMAL, BOOLEAN, NULL, UNREADABLE }

        boolean isNull() {
            return kind == Kind.NULL;
        }

        @Override
        public String describe() {
            return switch (kind) {
                case STRING -> "the text `" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "`";
                case INTEGER, DECIMAL -> "the number " + text;
                case BOOLEAN -> "`" + text + "` (a true/false value)";
                case NULL -> "nothing";
                case UNREADABLE -> "an unreadable value";
            };
        }
    }
}
