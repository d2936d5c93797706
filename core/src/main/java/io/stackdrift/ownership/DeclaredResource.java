package io.stackdrift.ownership;

import java.util.List;
import java.util.Objects;

/**
 * A {@code resource "TYPE" "NAME"} block found in a root module's files.
 *
 * @param type          the resource type
 * @param name          the resource name
 * @param file          the file name it is declared in
 * @param line          1-based line of the {@code resource} keyword
 * @param ignoreChanges what its own {@code lifecycle { ignore_changes }} says
 */
public record DeclaredResource(String type, String name, String file, int line, IgnoreChanges ignoreChanges) {
    /** The resource's own {@code ignore_changes}, as far as a scanner can read it. */
    public record IgnoreChanges(Form form, List<String> elements, String text) {
        public enum Form {
            /** no {@code ignore_changes} argument */
            NONE,
            /** {@code ignore_changes = all} */
            ALL,
            /** a list of attribute references; {@link #elements()} holds them as written */
            LIST,
            /** something else (an expression, quoted strings): cannot be merged safely */
            UNREADABLE
        }

        public static final IgnoreChanges NONE = new IgnoreChanges(Form.NONE, List.of(), "");

        public IgnoreChanges {
            Objects.requireNonNull(form, "form");
            elements = List.copyOf(elements);
            text = Objects.requireNonNullElse(text, "");
        }
    }

    public DeclaredResource {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(ignoreChanges, "ignoreChanges");
    }

    public String address() {
        return type + "." + name;
    }
}
