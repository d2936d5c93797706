package io.jenkins.plugins.stackdrift.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the controller's launch service starts when the agent asks: only the plugin's own wrapper around one of the
 * tools the controller knows (its bare word, or the path the global configuration gives it), with its working
 * directory in the step's workspace or temporary directory and its output files in the step's directory. The agent
 * builds the command; this keeps the exported service from being a way to run anything else through the step's
 * launcher (which on Kubernetes reaches the pod's other containers). Plain strings, so it is tested here.
 */
public final class LaunchPolicy {
    /** The tools' words, as the engine runs them when no path is configured. */
    static final Set<String> TOOL_WORDS = Set.of("terraform", "tofu", "pulumi");
    /** {@code git} with exactly these arguments, and no other: the file list of a stack's digest (the engine's GitFiles). */
    static final List<String> GIT_LISTING = List.of("ls-files", "-z", "--cached", "--others", "--exclude-standard");

    private final Set<String> executables;
    private final List<Path> workingRoots;
    private final Path stepDirectory;

    /**
     * @param toolPaths     the configured executables (tool word → path), besides the bare words
     * @param workspace     the step's workspace
     * @param stepDirectory the step's own temporary directory, where the output files go
     */
    public LaunchPolicy(final Set<String> toolPaths, final String workspace, final String stepDirectory) {
        Set<String> allowed = new TreeSet<>(TOOL_WORDS);
        allowed.addAll(toolPaths);
        this.executables = Set.copyOf(allowed);
        this.stepDirectory = normal(stepDirectory);
        this.workingRoots = List.of(normal(workspace), this.stepDirectory);
    }

    /** Why {@code command} is not started; empty when it may be. */
    public Optional<String> refusal(final ToolCommand command) {
        List<String> line = command.command();
        if (line.size() < 8 || !line.get(0).equals(AgentProcessRunner.SHELL) || !line.get(1).equals("-c")
                || !line.get(2).equals(ToolCommand.escape(AgentProcessRunner.WRAPPER)) || !line.get(3).equals("stack-drift")) {
            return Optional.of("not the Stack Drift tool wrapper");
        }
        for (String file : line.subList(4, 7)) {
            if (!inside(unescaped(file), List.of(stepDirectory))) {
                return Optional.of("an output file outside the step's directory");
            }
        }
        String tool = unescaped(line.get(7));
        if (tool.equals("git")) {
            if (!line.subList(8, line.size()).equals(GIT_LISTING)) {
                return Optional.of("git runs here only to list a stack's files (git " + String.join(" ", GIT_LISTING) + ")");
            }
        } else if (!executables.contains(tool)) {
            return Optional.of("'" + tool + "' is not terraform, tofu, pulumi or a configured tool path");
        }
        if (!inside(command.workingDir(), workingRoots)) {
            return Optional.of("a working directory outside the workspace");
        }
        return Optional.empty();
    }

    private static String unescaped(final String argument) {
        return argument.replace("$$", "$");
    }

    private static boolean inside(final String path, final List<Path> roots) {
        Path candidate = normal(path);
        return roots.stream().anyMatch(candidate::startsWith);
    }

    private static Path normal(final String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }
}
