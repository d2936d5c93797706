package io.stackdrift.config;

import java.util.List;

/**
 * Attribute paths owned by someone else (docs/field-ownership.md): neither compared nor written from the code.
 *
 * @param paths  {@code TYPE.NAME[index].attribute.path} as written in stacks.yaml
 * @param reason who owns them and why
 */
public record IgnoreRule(List<String> paths, String reason) {
    public IgnoreRule {
        paths = List.copyOf(paths);
        reason = reason == null ? "" : reason;
    }
}
