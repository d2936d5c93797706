package io.stackdrift.tool;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.stackdrift.config.StackConfig;
import io.stackdrift.model.StackId;

/**
 * The tool calls of one stack for one step, bound once: the stack, the repository it lives in, the work directory the
 * step's files go to and the extra variables its processes get (credentials: never logged). Every {@link ToolAdapter}
 * method takes one, as terraform-exec binds a {@code Terraform} to its working directory once.
 *
 * @param stack          the stack
 * @param repositoryRoot the repository root, which the stack's directory is relative to
 * @param workDir        where the step's plan files, logs and tool output go
 * @param environment    extra variables for the stack's processes, in the order given
 */
public record StackCall(StackConfig stack, Path repositoryRoot, Path workDir, Map<String, String> environment) {
    public StackCall {
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(repositoryRoot, "repositoryRoot");
        Objects.requireNonNull(workDir, "workDir");
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
    }

    /** The directory the stack's processes run in. */
    public Path directory() {
        return stack.directory(repositoryRoot);
    }

    public StackId id() {
        return stack.id();
    }

    /** The same call with its files in {@code otherWorkDir} (a probe beside the step's own files). */
    public StackCall in(final Path otherWorkDir) {
        return new StackCall(stack, repositoryRoot, otherWorkDir, environment);
    }
}
