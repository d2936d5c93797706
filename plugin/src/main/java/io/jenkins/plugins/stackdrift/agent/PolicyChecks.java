package io.jenkins.plugins.stackdrift.agent;

import java.io.Serializable;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.stackdrift.engine.StackPlace;

/**
 * The policy checks ({@code policyCheck:} in stacks.yaml) the controller's {@link LaunchPolicy} starts for a step:
 * for each selected stack that has one, its command exactly as the configuration writes it, fixed on the controller
 * from the step's first agent call before anything is bound or any tool runs, and only when the controller trusts
 * the checkout's configuration (the rule {@code ChangeTrust} applies to credentials); for a change from a source the
 * job does not trust, none, with the reason a refusal gives. Kept with the request and with a durable step's
 * attachment, so a step resumed after a restart admits the same. JDK collections only (it crosses the channel).
 */
public final class PolicyChecks implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final PolicyChecks NONE = new PolicyChecks("", new TreeMap<>(), new TreeMap<>(), "");

    /** The configuration file as the step names it, relative to the workspace: its directory is the repository root. */
    private final String configFile;
    /** Stack id → the command as written, the executable first. */
    private final TreeMap<String, ArrayList<String>> commands;
    /** Stack id → its directory, relative to the repository root ("." for the root). */
    private final TreeMap<String, String> directories;
    /** Why none is admitted (a change from an untrusted source); empty otherwise. */
    private final String withheld;

    private PolicyChecks(final String configFile, final TreeMap<String, ArrayList<String>> commands,
            final TreeMap<String, String> directories, final String withheld) {
        this.configFile = configFile;
        this.commands = commands;
        this.directories = directories;
        this.withheld = withheld;
    }

    /** No stack has a policy check. */
    public static PolicyChecks none() {
        return NONE;
    }

    /**
     * The checks of a configuration the controller trusts.
     *
     * @param configFile the configuration file as the step names it (relative to the workspace)
     * @param commands   stack id → the command as written
     * @param places     stack id → where the stack lives; a stack without one gets no check
     */
    public static PolicyChecks trusted(final String configFile, final Map<String, List<String>> commands,
            final Map<String, StackPlace> places) {
        TreeMap<String, ArrayList<String>> kept = new TreeMap<>();
        TreeMap<String, String> dirs = new TreeMap<>();
        commands.forEach((stack, command) -> {
            StackPlace place = places.get(stack);
            if (place != null && !command.isEmpty()) {
                kept.put(stack, new ArrayList<>(command));
                dirs.put(stack, place.dir());
            }
        });
        return new PolicyChecks(configFile, kept, dirs, "");
    }

    /** None admitted, for {@code reason} (said in every refusal of one). */
    public static PolicyChecks withheld(final String reason) {
        return new PolicyChecks("", new TreeMap<>(), new TreeMap<>(), reason);
    }

    /** The stacks with an admitted check. */
    public List<String> stacks() {
        return List.copyOf(commands.keySet());
    }

    /** Why no check is admitted; empty when the configuration is trusted. */
    public Optional<String> withheldBecause() {
        return withheld.isEmpty() ? Optional.empty() : Optional.of(withheld);
    }

    /** A stack's check as it is launched: its command line (each {@code $} doubled) and its directory, absolute. */
    record Launch(String stack, List<String> line, Path directory) {
    }

    /**
     * Each check as the core's policy gate starts it in {@code workspace}: an executable written with a '/' as the
     * absolute path under the repository root, a word as written (looked up on the {@code PATH}); run in the stack's
     * directory.
     */
    List<Launch> launches(final Path workspace) {
        List<Launch> out = new ArrayList<>();
        Path root;
        try {
            Path config = workspace.resolve(configFile).normalize();
            root = config.getParent() == null ? workspace : config.getParent();
        } catch (InvalidPathException e) {
            return out;
        }
        commands.forEach((stack, command) -> {
            try {
                List<String> line = new ArrayList<>();
                String executable = command.get(0);
                line.add(ToolCommand.escape(executable.contains("/") ? root.resolve(executable).toAbsolutePath().normalize()
                        .toString() : executable));
                command.subList(1, command.size()).forEach(argument -> line.add(ToolCommand.escape(argument)));
                String dir = directories.get(stack);
                out.add(new Launch(stack, List.copyOf(line), (".".equals(dir) ? root : root.resolve(dir)).normalize()));
            } catch (InvalidPathException e) {
                // a path no file system takes: that stack's check is never admitted
            }
        });
        return out;
    }

    /** Names the stacks, never a command (it may carry arguments its author did not mean for a log). */
    @Override
    public String toString() {
        return "PolicyChecks[" + (withheld.isEmpty() ? commands.keySet() : "withheld") + "]";
    }
}
