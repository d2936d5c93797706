package io.stackdrift.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * Applies stacks.yaml to what discovery found (docs/configuration.md, "How entries combine"): which stacks exist, which entries match each,
 * how their settings add up, and every rule that spans entries or stacks (conflicts, tools,
 * dependencies, cycles, warnings).
 *
 * <p>The stacks are every Pulumi stack and Terraform/OpenTofu root module under the repository root,
 * except those the top-level {@code ignore} leaves out; {@code stacks:} entries add settings and can
 * name stacks discovery cannot see (a Terraform workspace, a Pulumi stack without its own config file,
 * a root module under {@code modules/}).
 */
final class StackResolver {
    private static final String NO_STACK = "";

    private final String file;
    private final Path root;
    private final List<Problem> problems;
    private final List<Problem> warnings = new ArrayList<>();
    /** Problems about one place and key are reported once, even when a glob entry matches many stacks. */
    private final Set<String> reported = new HashSet<>();
    private PatternIndex<StackEntry> entryIndex;
    private PatternIndex<IgnoreEntry> ignoreIndex;
    private final String displayRoot;

    StackResolver(final String file, final Path root, final List<Problem> problems) {
        this.file = file;
        int slash = file.lastIndexOf('/');
        this.displayRoot = slash < 0 ? "" : file.substring(0, slash + 1);
        this.root = root;
        this.problems = problems;
    }

    /** One stack discovery or an entry produced, before its settings are merged. */
    private record Candidate(ProjectDirectory directory, String name, StackId id, Optional<IgnoreEntry> ignoredBy, Tool detected) {
    }

    record Resolution(List<StackConfig> stacks, List<IgnoredStack> ignored, List<Problem> warnings) {
    }

    Resolution resolve(final ParsedConfig config, final List<ProjectDirectory> directories) {
        entryIndex = new PatternIndex<>(config.entries(), StackEntry::dir);
        ignoreIndex = new PatternIndex<>(config.ignores(), IgnoreEntry::dir);
        List<Candidate> candidates = candidates(config, directories);
        checkEntriesMatch(config, directories, candidates);
        Set<IgnoreEntry> usedIgnores = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ProjectDirectory directory : directories) {
            usedIgnores.addAll(ignoreIndex.matching(directory.dir()));
        }
        for (IgnoreEntry ignore : config.ignores()) {
            if (!usedIgnores.contains(ignore)) {
                warnings.add(ignore.at().problem(file, "the ignore entry `" + ignore.dir() + "` matches no stack directory",
                        "remove it, or check the pattern: legacy/** matches legacy and everything under it"));
            }
        }
        Map<StackId, Candidate> active = new TreeMap<>();
        Map<StackId, IgnoreEntry> ignored = new TreeMap<>();
        Map<StackId, Candidate> byId = new HashMap<>();
        for (Candidate candidate : candidates) {
            Candidate first = byId.putIfAbsent(candidate.id(), candidate);
            if (first != null && !first.directory().dir().equals(candidate.directory().dir())) {
                String where = candidate.directory().isPulumi() ? candidate.directory().dir() + "/Pulumi.yaml"
                        : candidate.directory().dir();
                problems.add(new Problem(displayRoot + where, 0, 0, "stack id `" + candidate.id() + "` is also the id of the stack in `"
                        + first.directory().dir() + "`; every stack needs its own id",
                        candidate.directory().isPulumi() ? "give one of the Pulumi projects another `name:`"
                                : "give the workspace another name in stacks.yaml"));
                continue;
            }
            if (candidate.ignoredBy().isPresent()) {
                ignored.putIfAbsent(candidate.id(), candidate.ignoredBy().get());
            } else {
                active.putIfAbsent(candidate.id(), candidate);
            }
        }
        Set<Setting<String>> validDependencies = checkDependencyIds(config, active.keySet(), ignored);
        List<StackConfig> stacks = new ArrayList<>();
        Map<StackId, Map<StackId, Location>> edges = new TreeMap<>();
        for (Candidate candidate : active.values()) {
            List<StackEntry> matching = entryIndex.matching(candidate.directory().dir()).stream()
                    .filter(e -> matchesName(e, candidate)).toList();
            Map<StackId, Location> dependencies = new LinkedHashMap<>();
            stacks.add(merge(config, candidate, matching, validDependencies, dependencies));
            edges.put(candidate.id(), dependencies);
        }
        checkOutputsFiles(stacks, config);
        new CycleCheck(edges).cycles().forEach(cycle -> report(edges.get(cycle.get(0)).get(cycle.get(1)), "cycle",
                "dependsOn forms a cycle: " + String.join(" → ", cycle.stream().map(StackId::value).toList()),
                "remove one of these dependencies: a stack can only wait for stacks that do not wait for it"));
        List<IgnoredStack> ignoredStacks = ignored.entrySet().stream()
                .map(e -> new IgnoredStack(e.getKey(), directoryOf(candidates, e.getKey()), e.getValue().reason())).toList();
        return new Resolution(stacks, ignoredStacks, warnings);
    }

    // ------------------------------------------------------------------------------------------------ discovery

    private List<Candidate> candidates(final ParsedConfig config, final List<ProjectDirectory> directories) {
        List<Candidate> candidates = new ArrayList<>();
        for (ProjectDirectory directory : directories) {
            List<StackEntry> entries = entryIndex.matching(directory.dir());
            Optional<IgnoreEntry> ignoredBy = ignoreIndex.matching(directory.dir()).stream().findFirst();
            Set<String> names = new TreeSet<>();
            entries.stream().filter(StackEntry::isNamed).map(e -> workspace(e.name())).forEach(names::add);
            if (directory.isPulumi()) {
                names.addAll(directory.pulumiStacks());
                names.remove(NO_STACK);
                for (String name : names) {
                    candidates.add(new Candidate(directory, name, StackId.pulumi(directory.pulumiProject(), name), ignoredBy, Tool.PULUMI));
                }
                continue;
            }
            boolean namedExactly = entries.stream().anyMatch(e -> !e.isGlob());
            boolean isStack = directory.rootModule() || namedExactly;
            if (!isStack || directory.underModules() && entries.isEmpty()) {
                continue; // a shared module: stacks use it, it is not deployed on its own
            }
            if (names.isEmpty()) {
                names.add(NO_STACK);
            }
            Tool detected = directory.openTofu() ? Tool.TOFU : Tool.TERRAFORM;
            for (String name : names) {
                candidates.add(new Candidate(directory, name, StackId.terraform(directory.dir(), name), ignoredBy, detected));
            }
        }
        return candidates;
    }

    /** "default" is the workspace Terraform uses when none is named; its stack id has no suffix. */
    private static String workspace(final String name) {
        return "default".equals(name) ? NO_STACK : name;
    }

    /** The entry's directory pattern is known to match the candidate's directory; does its name match too? */
    private static boolean matchesName(final StackEntry entry, final Candidate candidate) {
        return !entry.isNamed() || workspace(entry.name()).equals(candidate.name());
    }

    private void checkEntriesMatch(final ParsedConfig config, final List<ProjectDirectory> directories, final List<Candidate> candidates) {
        // each candidate's directory was matched once; invert that instead of matching entries × candidates again
        Map<StackEntry, List<Candidate>> byEntry = new IdentityHashMap<>();
        for (Candidate candidate : candidates) {
            for (StackEntry entry : entryIndex.matching(candidate.directory().dir())) {
                if (matchesName(entry, candidate)) {
                    byEntry.computeIfAbsent(entry, e -> new ArrayList<>()).add(candidate);
                }
            }
        }
        for (StackEntry entry : config.entries()) {
            List<Candidate> matched = byEntry.getOrDefault(entry, List.of());
            if (matched.stream().anyMatch(c -> c.ignoredBy().isEmpty())) {
                continue;
            }
            if (!matched.isEmpty()) {
                IgnoreEntry ignore = matched.get(0).ignoredBy().get();
                report(entry.dirAt(), "dir", "`" + entry.dir() + "` is left out by the ignore entry at line " + ignore.at().line()
                                + " (\"" + ignore.reason() + "\")",
                        "remove this stacks entry, or remove `" + ignore.dir() + "` from ignore");
                continue;
            }
            if (entry.isGlob()) {
                List<String> dirs = directories.stream().map(ProjectDirectory::dir).toList();
                report(entry.dirAt(), "dir", "`" + entry.dir() + "` matches no stack directory",
                        dirs.isEmpty() ? "no directory here holds Pulumi.yaml or .tf files"
                                : "directories with stacks nearby: " + String.join(", ", Spelling.nearest(entry.dir(), dirs, 3)));
                continue;
            }
            Optional<ProjectDirectory> directory = directories.stream().filter(d -> d.dir().equals(entry.dir())).findFirst();
            if (directory.isPresent() && directory.get().isPulumi()) {
                report(entry.dirAt(), "dir", "the Pulumi project in `" + entry.dir() + "` has no stacks",
                        "add Pulumi.<stack>.yaml beside Pulumi.yaml, or name the stack here: name: prod");
            } else if (Files.isDirectory(root.resolve(entry.dir()))) {
                report(entry.dirAt(), "dir", "`" + entry.dir() + "` holds no stack: no Pulumi.yaml and no .tf or .tofu files",
                        "point dir at the directory that holds the root module or Pulumi project");
            } else {
                List<String> dirs = directories.stream().map(ProjectDirectory::dir).toList();
                report(entry.dirAt(), "dir", "directory `" + entry.dir() + "` does not exist",
                        dirs.isEmpty() ? "dir is relative to the repository root, which has the configuration file"
                                : "stack directories nearby: " + String.join(", ", Spelling.nearest(entry.dir(), dirs, 3)));
            }
        }
    }

    // ------------------------------------------------------------------------------------------------ dependencies

    private Set<Setting<String>> checkDependencyIds(final ParsedConfig config, final Set<StackId> known,
            final Map<StackId, IgnoreEntry> ignored) {
        Set<Setting<String>> valid = new HashSet<>();
        List<String> knownIds = known.stream().map(StackId::value).toList();
        for (StackEntry entry : config.entries()) {
            for (Setting<String> id : entry.dependsOn().ids()) {
                StackId stackId = StackId.of(id.value().isBlank() ? "?" : id.value());
                if (known.contains(stackId)) {
                    valid.add(id);
                } else if (ignored.containsKey(stackId)) {
                    IgnoreEntry ignore = ignored.get(stackId);
                    report(id.at(), "dependsOn", "dependsOn names `" + id.value() + "`, which ignore leaves out: \"" + ignore.reason()
                            + "\"",
                            "remove `" + id.value() + "` from dependsOn, or remove the ignore entry at line " + ignore.at().line());
                } else {
                    report(id.at(), "dependsOn", "dependsOn names `" + id.value() + "`, which is not a stack here",
                            knownIds.isEmpty() ? "there are no stacks to depend on" : "known stack ids nearby: "
                                    + String.join(", ", Spelling.nearest(id.value(), knownIds, 3)));
                }
            }
        }
        return valid;
    }

    // ------------------------------------------------------------------------------------------------ merging

    private StackConfig merge(final ParsedConfig config, final Candidate candidate, final List<StackEntry> entries,
            final Set<Setting<String>> validDependencies, final Map<StackId, Location> dependencies) {
        Map<String, Object> settings = new HashMap<>();
        Set<String> keys = new TreeSet<>();
        entries.forEach(e -> keys.addAll(e.settings().keySet()));
        for (String key : keys) {
            settings.put(key, decide(candidate, key, entries));
        }
        Tool tool = tool(candidate, entries, (Tool) settings.get("tool"));
        boolean enabled = (Boolean) pick(settings, config, "drift.enabled", true);
        DriftMode mode = (DriftMode) pick(settings, config, "drift.mode", DriftMode.REPORT);
        Duration every = (Duration) pick(settings, config, "drift.every", DriftSettings.DEFAULT_EVERY);
        int maxChanges = (Integer) pick(settings, config, "drift.maxChanges", DriftSettings.NO_LIMIT);
        boolean allowReplace = (Boolean) pick(settings, config, "drift.allowReplace", false);
        Duration reapply = (Duration) pick(settings, config, "reapply", StackConfig.DEFAULT_REAPPLY);
        Policy policy = (Policy) settings.getOrDefault("policy", Policy.ON_CHANGE);

        LinkedHashSet<IgnoreRule> rules = new LinkedHashSet<>();
        for (StackEntry entry : entries) {
            for (Setting<IgnoreRule> rule : entry.ignore()) {
                if (tool == Tool.PULUMI) {
                    report(rule.at(), "ignore", "drift ignore rules cannot be enforced for the Pulumi stack `" + candidate.id() + "`",
                            "remove the rule and use the program's ignoreChanges resource option instead");
                } else {
                    rules.add(rule.value());
                }
            }
        }
        boolean auto = false;
        for (StackEntry entry : entries) {
            if (entry.dependsOn().auto()) {
                auto = true;
                if (tool != Tool.PULUMI) {
                    report(entry.dependsOn().at(), "auto", "`dependsOn: auto` works only for Pulumi stacks; `" + candidate.id()
                                    + "` is a " + tool.word() + " stack",
                            "list the stacks it needs: dependsOn: [network]");
                }
            }
            for (Setting<String> id : entry.dependsOn().ids()) {
                if (validDependencies.contains(id)) {
                    dependencies.putIfAbsent(StackId.of(id.value()), id.at());
                }
            }
        }
        Map<String, String> credentials = new TreeMap<>();
        settings.forEach((key, value) -> {
            if (key.startsWith("credentials.")) {
                credentials.put(key.substring("credentials.".length()), (String) value);
            }
        });
        DriftSettings drift = new DriftSettings(enabled, mode, every, List.copyOf(rules), maxChanges, allowReplace);
        warnAboutReapply(config, candidate, entries, drift, reapply);
        return new StackConfig(candidate.id(), tool, candidate.directory().dir(), candidate.name(), List.copyOf(dependencies.keySet()),
                auto, drift, reapply, policy, credentials, Optional.ofNullable((Outputs) settings.get("outputs")));
    }

    private static Object pick(final Map<String, Object> settings, final ParsedConfig config, final String key, final Object fallback) {
        if (settings.containsKey(key)) {
            return settings.get(key);
        }
        Setting<?> top = config.defaults().get(key);
        return top == null ? fallback : top.value();
    }

    /**
     * The value of one key among the entries that set it: a named entry wins over one without, and an
     * exact directory over a glob; entries of the same rank that disagree are a conflict.
     */
    private Object decide(final Candidate candidate, final String key, final List<StackEntry> entries) {
        int best = entries.stream().filter(e -> e.settings().containsKey(key)).mapToInt(StackResolver::rank).max().orElse(0);
        List<StackEntry> top = entries.stream().filter(e -> e.settings().containsKey(key) && rank(e) == best).toList();
        Setting<?> winner = top.get(0).settings().get(key);
        for (StackEntry other : top.subList(1, top.size())) {
            Setting<?> setting = other.settings().get(key);
            if (!setting.value().equals(winner.value())) {
                String shown = key.startsWith("credentials.") ? "credentials " + key.substring(12) : key;
                String message = shown + " is `" + words(setting.value()) + "` here but `" + words(winner.value())
                        + "` in the entry at line " + top.get(0).dirAt().line() + "; both match stack `" + candidate.id() + "`";
                report(setting.at(), key, message + (best == 2 ? ", and two named entries must agree"
                                : ", and neither entry wins (a named entry wins over an exact dir, an exact dir over a glob)"),
                        best == 2 ? "set it in one of the two entries only"
                                : "set it in one entry only, or give one entry the stack's name: a named entry wins over one without");
            }
        }
        return winner.value();
    }

    private static int rank(final StackEntry entry) {
        return entry.isNamed() ? 2 : entry.isGlob() ? 0 : 1;
    }

    private static String words(final Object value) {
        if (value instanceof Duration duration) {
            return Durations.format(duration);
        }
        if (value instanceof Outputs outputs) {
            return outputs.file() + (outputs.sensitive() ? " (sensitive)" : "");
        }
        return String.valueOf(value);
    }

    private Tool tool(final Candidate candidate, final List<StackEntry> entries, final Tool chosen) {
        if (chosen == null) {
            return candidate.detected();
        }
        Location at = entries.stream().map(e -> e.settings().get("tool")).filter(s -> s != null && s.value() == chosen)
                .map(Setting::at).findFirst().orElse(Location.NOWHERE);
        if (candidate.directory().isPulumi() && chosen != Tool.PULUMI) {
            report(at, "tool", "`" + candidate.directory().dir() + "` is a Pulumi project (Pulumi.yaml); " + chosen.word()
                    + " cannot run it",
                    "tool: pulumi   # or leave tool out");
            return Tool.PULUMI;
        }
        if (!candidate.directory().isPulumi() && chosen == Tool.PULUMI) {
            report(at, "tool", "`" + candidate.directory().dir() + "` has no Pulumi.yaml; it is a Terraform/OpenTofu root module",
                    "tool: " + candidate.detected().word() + "   # terraform or tofu, or leave tool out");
            return candidate.detected();
        }
        return chosen;
    }

    private void warnAboutReapply(final ParsedConfig config, final Candidate candidate, final List<StackEntry> entries,
            final DriftSettings drift, final Duration reapply) {
        if (!drift.isChecked() || reapply.isZero() || reapply.compareTo(drift.every()) >= 0) {
            return;
        }
        Optional<Location> reapplyAt = entries.stream().map(e -> e.settings().get("reapply")).filter(s -> s != null)
                .map(Setting::at).findFirst().or(() -> Optional.ofNullable(config.defaults().get("reapply")).map(Setting::at));
        Optional<Location> everyAt = entries.stream().map(e -> e.settings().get("drift.every")).filter(s -> s != null)
                .map(Setting::at).findFirst().or(() -> Optional.ofNullable(config.defaults().get("drift.every")).map(Setting::at));
        if (reapplyAt.isEmpty() && everyAt.isEmpty()) {
            return; // both defaults: the file chose neither, so there is nothing to change in it
        }
        warnings.add(reapplyAt.or(() -> everyAt).get().problem(file, "stack `" + candidate.id() + "`: reapply "
                        + Durations.format(reapply) + " is shorter than its drift check interval (every " + Durations.format(drift.every())
                        + "); the schedule, not the reapply interval, decides when drift is corrected",
                "reapply: " + Durations.format(drift.every()) + "   # at least as long as drift.every, or 0 for never"));
    }

    private void checkOutputsFiles(final List<StackConfig> stacks, final ParsedConfig config) {
        Map<String, StackConfig> writers = new HashMap<>();
        for (StackConfig stack : stacks) {
            stack.outputs().ifPresent(outputs -> {
                StackConfig first = writers.putIfAbsent(outputs.file(), stack);
                if (first != null) {
                    Location at = config.entries().stream().map(e -> e.settings().get("outputs"))
                            .filter(s -> s != null && ((Outputs) s.value()).file().equals(outputs.file()))
                            .map(Setting::at).findFirst().orElse(Location.NOWHERE);
                    report(at, "outputs", "stacks `" + first.id() + "` and `" + stack.id() + "` would both write their outputs to `"
                            + outputs.file() + "`", "give each stack its own file, e.g. outputs: out/" + stack.dir().replace('/', '-')
                                    + ".json");
                }
            });
        }
    }

    private static String directoryOf(final List<Candidate> candidates, final StackId id) {
        return candidates.stream().filter(c -> c.id().equals(id)).map(c -> c.directory().dir()).findFirst().orElse("");
    }

    private void report(final Location at, final String key, final String message, final String hint) {
        if (reported.add(at.line() + ":" + at.column() + ":" + key)) {
            problems.add(at.problem(file, message, hint));
        }
    }

    /** Cycles among dependsOn edges: one per strongly connected component, printed from its smallest id. */
    private static final class CycleCheck {
        private final Map<StackId, Map<StackId, Location>> edges;

        CycleCheck(final Map<StackId, Map<StackId, Location>> edges) {
            this.edges = edges;
        }

        List<List<StackId>> cycles() {
            List<List<StackId>> cycles = new ArrayList<>();
            Set<StackId> inReportedCycle = new HashSet<>();
            for (StackId start : new TreeSet<>(edges.keySet())) {
                if (inReportedCycle.contains(start)) {
                    continue;
                }
                List<StackId> path = shortestPathBack(start);
                if (!path.isEmpty()) {
                    cycles.add(path);
                    inReportedCycle.addAll(path);
                }
            }
            return cycles;
        }

        /** start → … → start by breadth-first search (ids in order), or empty when start is on no cycle. */
        private List<StackId> shortestPathBack(final StackId start) {
            Map<StackId, StackId> cameFrom = new HashMap<>();
            List<StackId> queue = new ArrayList<>(List.of(start));
            for (int i = 0; i < queue.size(); i++) {
                StackId current = queue.get(i);
                for (StackId next : new TreeSet<>(edges.getOrDefault(current, Map.of()).keySet())) {
                    if (next.equals(start)) {
                        List<StackId> path = new ArrayList<>();
                        for (StackId step = current; step != null; step = cameFrom.get(step)) {
                            path.add(0, step);
                        }
                        path.add(start);
                        return path;
                    }
                    if (!cameFrom.containsKey(next) && !next.equals(start) && edges.containsKey(next)) {
                        cameFrom.put(next, current);
                        queue.add(next);
                    }
                }
            }
            return List.of();
        }
    }
}
