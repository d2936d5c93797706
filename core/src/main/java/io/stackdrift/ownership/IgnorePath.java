package io.stackdrift.ownership;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code ignore} path from stacks.yaml: {@code TYPE.NAME[index].attribute.path}. The instance key
 * is optional; without it the path covers every instance of the resource.
 *
 * @param text        as written (used in messages)
 * @param type        the resource type
 * @param name        the resource name
 * @param instanceKey {@code 0} or {@code "key"} as written inside the brackets; empty for every instance
 * @param attribute   the attribute path inside the resource (at least one step)
 */
public record IgnorePath(String text, String type, String name, String instanceKey, AttributePath attribute) {
    public IgnorePath {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        instanceKey = Objects.requireNonNullElse(instanceKey, "");
        Objects.requireNonNull(attribute, "attribute");
    }

    /** Parses {@code TYPE.NAME[index].path}; empty when the text does not have that form. */
    public static Optional<IgnorePath> parse(final String text) {
        Optional<AttributePath> all = AttributePath.parse(text.strip());
        if (all.isEmpty()) {
            return Optional.empty();
        }
        List<AttributePath.Step> steps = all.get().steps();
        if (steps.size() < 3 || steps.get(1).kind() != AttributePath.Step.Kind.NAME) {
            return Optional.empty();
        }
        int attributeStart = 2;
        String key = "";
        if (steps.get(2).kind() != AttributePath.Step.Kind.NAME) {
            AttributePath.Step index = steps.get(2);
            key = index.isIndex() ? index.text() : "\"" + index.text() + "\"";
            attributeStart = 3;
        }
        if (steps.size() <= attributeStart || steps.get(attributeStart).kind() != AttributePath.Step.Kind.NAME) {
            return Optional.empty();
        }
        return Optional.of(new IgnorePath(text.strip(), steps.get(0).text(), steps.get(1).text(), key,
                new AttributePath(steps.subList(attributeStart, steps.size()))));
    }

    /** {@code TYPE.NAME}, the block the override file names. */
    public String resource() {
        return type + "." + name;
    }

    /**
     * Whether this path covers a change of resource {@code address} (a root-module address such as
     * {@code aws_instance.web} or {@code aws_instance.web[0]}; module addresses never match).
     */
    public boolean coversAddress(final String address) {
        String prefix = resource();
        if (address.equals(prefix)) {
            return true;
        }
        if (!address.startsWith(prefix + "[") || !address.endsWith("]")) {
            return false;
        }
        return instanceKey.isEmpty() || address.equals(prefix + "[" + instanceKey + "]");
    }
}
