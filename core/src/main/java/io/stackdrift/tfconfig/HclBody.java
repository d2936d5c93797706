package io.stackdrift.tfconfig;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The arguments and blocks of one body (a file, or the inside of a block), in file order.
 *
 * @param attributes the arguments ({@code name = value})
 * @param blocks     the nested blocks ({@code type "label" { … }})
 */
public record HclBody(List<Attribute> attributes, List<Block> blocks) {
    /** A body with nothing in it. */
    public static final HclBody EMPTY = new HclBody(List.of(), List.of());

    public HclBody {
        attributes = List.copyOf(attributes);
        blocks = List.copyOf(blocks);
    }

    /** The argument {@code name}, the last when written twice (a reader of a valid file never sees that). */
    public Optional<Attribute> attribute(final String name) {
        Attribute found = null;
        for (Attribute attribute : attributes) {
            if (attribute.name().equals(name)) {
                found = attribute;
            }
        }
        return Optional.ofNullable(found);
    }

    /** Every block of this type, in file order. */
    public List<Block> blocks(final String type) {
        return blocks.stream().filter(b -> b.type().equals(type)).toList();
    }

    /**
     * One argument.
     *
     * @param line 1-based line of its name; 0 when the file has no lines to name (JSON)
     */
    public record Attribute(String name, HclValue value, int line) {
        public Attribute {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * One block.
     *
     * @param line 1-based line of its type; 0 when the file has no lines to name (JSON)
     */
    public record Block(String type, List<String> labels, HclBody body, int line) {
        public Block {
            Objects.requireNonNull(type, "type");
            labels = List.copyOf(labels);
            Objects.requireNonNull(body, "body");
        }

        /** The label at {@code index}, or empty. */
        public String label(final int index) {
            return index < labels.size() ? labels.get(index) : "";
        }
    }
}
