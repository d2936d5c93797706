package io.stackdrift.engine;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.config.ConfigLoader;
import io.stackdrift.config.ConfigResult;
import io.stackdrift.config.StackConfig;
import io.stackdrift.config.ValidateListing;
import io.stackdrift.graph.StackSelection;
import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;

/**
 * The configuration as read once, and the stacks a selection resolves to (docs/engine.md, "validate and inspect"):
 * what check mode lists, and what a host needs before a run (the plugin resolves the credentials ids of the
 * selected stacks on the controller). Reads files only; no tool runs.
 */
public final class Inspection {
    private final Path configFile;
    private final Path repositoryRoot;
    private final ConfigResult result;
    private final List<String> selectionProblems;
    private final List<StackId> selected;

    private Inspection(final Path configFile, final Path repositoryRoot, final ConfigResult result,
            final List<String> selectionProblems, final List<StackId> selected) {
        this.configFile = configFile;
        this.repositoryRoot = repositoryRoot;
        this.result = result;
        this.selectionProblems = List.copyOf(selectionProblems);
        this.selected = List.copyOf(selected);
    }

    static Inspection of(final Path configFile, final Path repositoryRoot, final List<String> stacks) {
        ConfigResult result = ConfigLoader.load(configFile, repositoryRoot);
        if (!result.isValid()) {
            return new Inspection(configFile, repositoryRoot, result, List.of(), List.of());
        }
        Set<StackId> known = new TreeSet<>();
        result.config().stacks().forEach(stack -> known.add(stack.id()));
        StackSelection.Resolved selection = StackSelection.of(stacks).resolve(known);
        return new Inspection(configFile, repositoryRoot, result, selection.problems(),
                selection.problems().isEmpty() ? List.copyOf(selection.stacks()) : List.of());
    }

    /** The configuration this inspection read, for a run of {@code request}: only when it names the same file. */
    Optional<ConfigResult> configurationFor(final RunRequest request) {
        boolean same = configFile.equals(request.configFile()) && repositoryRoot.equals(request.repositoryRoot());
        return same ? Optional.of(result) : Optional.empty();
    }

    /** True when the configuration has no problem (a selection that matches nothing is a {@link #selectionProblems}). */
    public boolean valid() {
        return result.isValid();
    }

    /** Every problem of the configuration; empty when {@link #valid()}. */
    public List<Problem> problems() {
        return result.problems();
    }

    public List<Problem> warnings() {
        return result.warnings();
    }

    /** Why the stacks asked for cannot be selected, one line each; empty when they can. */
    public List<String> selectionProblems() {
        return selectionProblems;
    }

    /** The selected stacks, each with its {@code credentials:} (variable → id; ids only, never a secret). */
    public Map<StackId, Map<String, String>> selectedCredentials() {
        Map<StackId, Map<String, String>> out = new LinkedHashMap<>();
        for (StackId id : selected) {
            out.put(id, result.config().stack(id).map(StackConfig::credentials).orElse(Map.of()));
        }
        return out;
    }

    /** The selected stacks, each with its directory and name (what a trusted file's entries are matched against). */
    public Map<StackId, StackPlace> selectedPlaces() {
        Map<StackId, StackPlace> out = new LinkedHashMap<>();
        for (StackId id : selected) {
            result.config().stack(id).ifPresent(stack -> out.put(id, new StackPlace(stack.dir(), stack.name())));
        }
        return out;
    }

    /**
     * The selected stacks that have a {@code policyCheck:}, each with its command as written (the executable first):
     * what a host that starts processes only on its own terms admits as a policy check's command line.
     */
    public Map<StackId, List<String>> selectedPolicyChecks() {
        Map<StackId, List<String>> out = new LinkedHashMap<>();
        for (StackId id : selected) {
            result.config().stack(id).flatMap(StackConfig::policyCheck).ifPresent(check -> out.put(id, check.command()));
        }
        return out;
    }

    /** Every stack of a valid configuration with its {@code credentials:}, in the file's order. */
    public Map<StackId, Map<String, String>> allCredentials() {
        Map<StackId, Map<String, String>> out = new LinkedHashMap<>();
        if (valid()) {
            result.config().stacks().forEach(stack -> out.put(stack.id(), stack.credentials()));
        }
        return out;
    }

    /** Check mode's listing: every stack with its settings, and the directories discovery left out. */
    public String listingText() {
        return valid() ? ValidateListing.text(result.config(), result.ignored()) : "";
    }

    /** {@link #listingText()} as JSON (docs/cli.md). */
    public String listingJson() {
        return valid() ? ValidateListing.json(result.config(), result.ignored()) : "";
    }

    /** The problems and warnings as JSON (docs/cli.md). */
    public String problemsJson() {
        return ValidateListing.problemsJson(result.problems(), result.warnings());
    }
}
