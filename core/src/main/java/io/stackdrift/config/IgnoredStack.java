package io.stackdrift.config;

import io.stackdrift.model.StackId;

/**
 * A stack that discovery found and the top-level {@code ignore:} leaves out.
 *
 * @param id     its stack id
 * @param dir    its directory relative to the repository root
 * @param reason the ignore entry's reason
 */
public record IgnoredStack(StackId id, String dir, String reason) {
}
