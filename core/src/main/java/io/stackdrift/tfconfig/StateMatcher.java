package io.stackdrift.tfconfig;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.tfconfig.RootModule.RemoteStateRead;

/**
 * {@code dependsOn: auto} for Terraform and OpenTofu: matches each {@code terraform_remote_state} of a stack that asks
 * for it against the states the other stacks write (docs/configuration.md, "dependsOn"). Reads files only, never
 * runs a tool. A read whose address is not statically known, or that no stack writes, or that two stacks write, is a
 * note and no edge: nothing is guessed.
 */
public final class StateMatcher {
    private static final String DATA = "data.terraform_remote_state.";

    private StateMatcher() {
    }

    /**
     * One Terraform/OpenTofu stack.
     *
     * @param id         its id
     * @param dir        its directory relative to the repository root, '/'-separated, {@code .} for the root
     * @param workspace  its workspace ({@code default} or a name)
     * @param readsState whether it has {@code dependsOn: auto}: only then are its remote-state reads matched
     */
    public record ModuleStack(StackId id, String dir, String workspace, boolean readsState) {
        public ModuleStack {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(dir, "dir");
            workspace = workspace == null || workspace.isEmpty() ? StateLocation.DEFAULT_WORKSPACE : workspace;
        }
    }

    /**
     * What the matching found.
     *
     * @param edges    each reading stack's dependencies, by id (only stacks that have one)
     * @param notes    one line per read that gave no edge, and per stack whose own state is not known, by stack id
     * @param problems a file of a reading stack that cannot be read: its dependencies cannot be known
     * @param warnings a file of another stack that cannot be read: no read can match its state
     */
    public record StateDependencies(Map<StackId, List<StackId>> edges, List<String> notes, List<Problem> problems,
            List<Problem> warnings) {
        /** Nothing read: no stack asked. */
        public static final StateDependencies NONE = new StateDependencies(Map.of(), List.of(), List.of(), List.of());

        public StateDependencies {
            edges = Map.copyOf(edges);
            notes = List.copyOf(notes);
            problems = List.copyOf(problems);
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Matches the reads of every stack with {@code readsState} against the states of all {@code stacks}.
     *
     * @param root     the repository root the stacks' directories are under
     * @param shownDir how the root is named in problems ({@code ""} for the working directory, else ending with '/'); notes
     *                 name files relative to the root
     */
    public static StateDependencies match(final Path root, final String shownDir, final List<ModuleStack> stacks) {
        if (stacks.stream().noneMatch(ModuleStack::readsState)) {
            return StateDependencies.NONE;
        }
        List<Problem> problems = new ArrayList<>();
        List<Problem> warnings = new ArrayList<>();
        Map<String, Optional<RootModule>> modules = new HashMap<>();
        for (ModuleStack stack : stacks) {
            modules.computeIfAbsent(stack.dir(), dir -> {
                boolean read = stacks.stream().anyMatch(s -> s.readsState() && s.dir().equals(dir));
                try {
                    return Optional.of(RootModule.read(".".equals(dir) ? root : root.resolve(dir), dir));
                } catch (UnreadableFileException e) {
                    Problem problem = new Problem(shownDir + e.file(), e.line(), e.column(), e.getMessage(), read
                            ? "`dependsOn: auto` reads this root module's terraform_remote_state blocks and backend"
                            : "its backend cannot be read, so no stack's terraform_remote_state can be matched to its state");
                    (read ? problems : warnings).add(problem);
                    return Optional.empty();
                }
            });
        }
        Map<BackendAddress, List<StackId>> writers = new LinkedHashMap<>();
        Map<StackId, String> unknownStates = new TreeMap<>();
        for (ModuleStack stack : stacks) {
            modules.get(stack.dir()).map(module -> ownState(module, stack)).ifPresent(location -> location.address().ifPresentOrElse(
                    address -> writers.computeIfAbsent(address, a -> new ArrayList<>()).add(stack.id()),
                    () -> unknownStates.put(stack.id(), location.unknown())));
        }
        Map<StackId, List<StackId>> edges = new TreeMap<>();
        List<String> notes = new ArrayList<>();
        boolean unmatched = false;
        for (ModuleStack stack : stacks.stream().filter(ModuleStack::readsState).sorted((a, b) -> a.id().compareTo(b.id())).toList()) {
            Optional<RootModule> module = modules.get(stack.dir());
            if (module.isEmpty()) {
                continue;
            }
            TreeSet<StackId> found = new TreeSet<>();
            for (RemoteStateRead read : module.get().reads()) {
                StateLocation location = location(stack, read);
                List<StackId> ids = location.address().map(a -> writers.getOrDefault(a, List.of())).orElse(List.of());
                if (ids.size() == 1 && !ids.get(0).equals(stack.id())) {
                    found.add(ids.get(0));
                } else {
                    notes.add(note(stack, read, location, ids));
                    unmatched |= location.address().isPresent() && ids.isEmpty();
                }
            }
            if (!found.isEmpty()) {
                edges.put(stack.id(), List.copyOf(found));
            }
        }
        if (unmatched) {
            unknownStates.forEach((id, why) -> notes.add(id + "'s own state is not statically known (" + why
                    + "): no terraform_remote_state is matched to it"));
        }
        return new StateDependencies(edges, notes, problems, warnings);
    }

    /** The state a stack writes: its backend's, or the local default for a module without one. */
    private static StateLocation ownState(final RootModule module, final ModuleStack stack) {
        return module.backend().map(b -> StateLocation.of(b.type(), b.config(), stack.workspace(), stack.dir()))
                .orElseGet(() -> StateLocation.of("local", new HclValue.ObjectValue(Map.of()), stack.workspace(), stack.dir()));
    }

    private static StateLocation location(final ModuleStack stack, final RemoteStateRead read) {
        Optional<String> type = read.backend().text();
        if (type.isEmpty()) {
            return StateLocation.unknown("its `backend` is not a plain string");
        }
        if (!(read.config() instanceof HclValue.ObjectValue config)) {
            return StateLocation.unknown("its `config` is not written out as an object");
        }
        Optional<String> workspace = read.workspace().text();
        if (workspace.isEmpty()) {
            return StateLocation.unknown("its `workspace` is not a plain string");
        }
        return StateLocation.of(type.get(), config, workspace.get(), stack.dir());
    }

    /** Why a read gives no edge: {@code ids} are the stacks that write its state, when known. */
    private static String note(final ModuleStack stack, final RemoteStateRead read, final StateLocation location,
            final List<StackId> ids) {
        String which = " (" + DATA + read.name() + ", " + read.where() + ")";
        if (location.address().isEmpty()) {
            return stack.id() + " reads a state that is not statically known: " + location.unknown() + which;
        }
        String address = location.address().get().describe();
        if (ids.isEmpty()) {
            return stack.id() + " reads a state this repository does not deploy: " + address + which;
        }
        if (ids.size() > 1) {
            return stack.id() + " reads a state that several stacks write (" + String.join(", ",
                    ids.stream().map(StackId::value).toList()) + "), so it depends on none of them: " + address + which;
        }
        return stack.id() + " reads its own state: no dependency" + which;
    }
}
