package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One process to start, in the form Jenkins' {@code Launcher.ProcStarter} takes it: the launcher expands
 * {@code $VAR} and {@code ${VAR}} in every argument and every environment value ({@code EnvVars.expand} in
 * {@code LocalLauncher}), so each {@code $} is doubled here, as durable-task does for {@code sh}; a secret or a
 * path with a {@code $} then reaches the process as written. Kubernetes' {@code container} step reads the same
 * doubling back ({@code $$} to {@code \$} inside its double quotes, {@code $} in its exports), and
 * {@code docker.inside} passes it to the inner launcher, which expands it. It crosses the channel from the agent
 * to the controller, so it holds only JDK types on core's class-filter whitelist. Its environment holds the stack's
 * secrets: {@link #toString()} names the variables only (remoting prints a failed call's arguments).
 *
 * @param command     the command line, every {@code $} doubled
 * @param workingDir  the directory on the agent (the workspace is mounted at the same path in a container)
 * @param environment the build's environment under the stack's own variables, every {@code $} doubled
 */
public record ToolCommand(List<String> command, String workingDir, Map<String, String> environment) implements Serializable {
    private static final long serialVersionUID = 1L;

    public ToolCommand {
        command = Collections.unmodifiableList(new ArrayList<>(command));
        Objects.requireNonNull(workingDir, "workingDir");
        environment = Collections.unmodifiableMap(new TreeMap<>(environment));
    }

    /** The command for plain values: each {@code $} in them doubled against the launcher's expansion. */
    public static ToolCommand of(final List<String> command, final String workingDir, final Map<String, String> environment) {
        List<String> escaped = new ArrayList<>();
        command.forEach(argument -> escaped.add(escape(argument)));
        Map<String, String> env = new TreeMap<>();
        environment.forEach((name, value) -> env.put(name, escape(value)));
        return new ToolCommand(escaped, workingDir, env);
    }

    /** A copy with one more variable ({@code value} plain, escaped here), over one of the same name. */
    public ToolCommand withVariable(final String name, final String value) {
        Map<String, String> env = new TreeMap<>(environment);
        env.put(name, escape(value));
        return new ToolCommand(command, workingDir, env);
    }

    /** The tool and the directory, and the variables by name: never a value (the environment carries secrets). */
    @Override
    public String toString() {
        // the inner wrapper's argument 7 is the executable (AgentProcessRunner); no other argument is shown
        int at = AgentProcessRunner.WRAPPED_FROM + 7;
        String tool = command.size() > at ? command.get(at) : "";
        return "ToolCommand[" + tool + " in " + workingDir + ", " + command.size() + " arguments, variables "
                + environment.keySet() + "]";
    }

    static String escape(final String value) {
        return value.replace("$", "$$");
    }
}
