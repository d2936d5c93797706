package io.stackdrift.engine;

import java.util.Objects;

/**
 * Where a stack lives: its directory ('/'-separated, relative to the repository root, "." for the root) and its
 * name (the Pulumi stack or Terraform workspace; empty for the default workspace). What a file's entries are matched
 * against, so a host can apply another copy's {@code credentials:} to it ({@link TrustedCredentials}).
 */
public record StackPlace(String dir, String name) {
    public StackPlace {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(name, "name");
    }
}
