package io.stackdrift.spi;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

import io.stackdrift.model.Tool;

/**
 * Where the tool executables are and how long one stack's step may run. The plugin's global configuration and the
 * CLI options fill it in; everything not set falls back to the tool's name looked up on {@code PATH}, ten minutes
 * for a stack's plan (and its other reading steps) and an hour for its apply or destroy, which on real clouds
 * (a cluster, a database) takes far longer than the plan.
 *
 * @param executables  tool → executable (an absolute path, or a name looked up on {@code PATH})
 * @param timeout      how long a stack's plan (init, workspace, plan and show), output or version step may run
 * @param applyTimeout how long a stack's apply or destroy may run
 * @param timeoutHint  how the user sets the timeout, said when it fires ({@code --timeout}, the plugin's
 *                     {@code toolTimeout}); empty to say nothing
 */
public record ToolSettings(Map<Tool, String> executables, Duration timeout, Duration applyTimeout, String timeoutHint) {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(10);
    public static final Duration DEFAULT_APPLY_TIMEOUT = Duration.ofHours(1);

    public ToolSettings {
        executables = Map.copyOf(executables);
        positive(timeout);
        positive(applyTimeout);
        timeoutHint = Objects.requireNonNullElse(timeoutHint, "");
    }

    /** One timeout for every step of a stack, the apply included. */
    public ToolSettings(final Map<Tool, String> executables, final Duration timeout) {
        this(executables, timeout, timeout, "");
    }

    private static void positive(final Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the tool timeout must be positive, not " + timeout);
        }
    }

    /** Every tool by its own name on {@code PATH}, ten minutes per plan, an hour per apply. */
    public static ToolSettings defaults() {
        return new ToolSettings(Map.of(), DEFAULT_TIMEOUT, DEFAULT_APPLY_TIMEOUT, "");
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
        return new ToolSettings(changed, timeout, applyTimeout, timeoutHint);
    }

    /** A timeout the user set: it counts for every step of a stack, the apply included. */
    public ToolSettings withTimeout(final Duration newTimeout) {
        return new ToolSettings(executables, newTimeout, newTimeout, timeoutHint);
    }

    /** How the user raises the timeout, for the message when it fires. */
    public ToolSettings withTimeoutHint(final String hint) {
        return new ToolSettings(executables, timeout, applyTimeout, hint);
    }
}
