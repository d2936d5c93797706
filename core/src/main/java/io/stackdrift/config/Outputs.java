package io.stackdrift.config;

/**
 * Where a stack's outputs are written after a deploy (docs/engine.md, "Outputs file").
 *
 * @param file      the file, relative to the workspace (repository root)
 * @param sensitive whether values of sensitive outputs are written too
 */
public record Outputs(String file, boolean sensitive) {
}
