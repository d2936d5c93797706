package io.stackdrift.tool;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/** A tool run whose stdout was kept in a file (e.g. the provider schema), or why it failed. */
public record ToolRun(boolean succeeded, String reason, Optional<Path> output) {
    public ToolRun {
        reason = Objects.requireNonNullElse(reason, "");
    }
}
