package io.stackdrift.spi;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

import io.stackdrift.model.Tool;

/**
 * Where the tool executables are and how long one stack's tool process may run. The plugin's global
 * configuration and the CLI options fill it in; everything not set falls back to the tool's name looked
 * up on {@code PATH} and a ten-minute timeout.
 *
 * @param executables tool → executable (an absolute path, or a name looked up on {@code PATH})
 * @param timeout     how long one tool process of a stack may run before it is killed
 */
public record ToolSettings(Map<Tool, String> executables, Duration timeout) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);

    public ToolSettings {
        executables = Map.copyOf(executables);
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the tool timeout must be positive, not " + timeout);
        }
    }

    /** Every tool by its own name on {@code PATH}, ten minutes per process. */
    public static ToolSettings defaults() {
        return new ToolSettings(Map.of(), DEFAULT_TIMEOUT);
    }

    /** The executable to start for {@code tool}: the configured path, else the tool's name. */
    public String executable(final Tool tool) {
        String configured = executables.get(tool);
        return configured == null || configured.isBlank() ? tool.word() : configured;
    }

    /** True when the executable of {@code tool} was set explicitly (so an error names the setting, not PATH). */
    public boolean isConfigured(final Tool tool) {
        String configured = executables.get(tool);
        return configured != null && !configured.isBlank();
    }

    public ToolSettings withExecutable(final Tool tool, final String executable) {
        Map<Tool, String> changed = new EnumMap<>(Tool.class);
        changed.putAll(executables);
        changed.put(tool, executable);
        return new ToolSettings(changed, timeout);
    }

    public ToolSettings withTimeout(final Duration newTimeout) {
        return new ToolSettings(executables, newTimeout);
    }
}
