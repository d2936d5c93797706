package io.stackdrift.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;

/**
 * Applies stacks.yaml to what discovery found (docs/configuration.md, "How entries combine"): which stacks exist
 * ({@link Candidates}), which entries match each and how their settings add up ({@link SettingsMerge}), and every
 * rule that spans entries or stacks ({@link CrossChecks}, {@link CycleCheck}, unique stack ids).
 */
final class StackResolver {
    private final String displayRoot;
    private final Path root;
    private final ResolveProblems problems;

    StackResolver(final String file, final Path root, final List<Problem> problems) {
        int slash = file.lastIndexOf('/');
        this.displayRoot = slash < 0 ? "" : file.substring(0, slash + 1);
        this.root = root;
        this.problems = new ResolveProblems(file, problems);
    }

    record Resolution(List<StackConfig> stacks, List<IgnoredStack> ignored, List<Problem> warnings) {
    }

    Resolution resolve(final ParsedConfig config, final List<ProjectDirectory> directories) {
        PatternIndex<IgnoreEntry> ignoreIndex = new PatternIndex<>(config.ignores(), IgnoreEntry::dir);
        Candidates index = new Candidates(new PatternIndex<>(config.entries(), StackEntry::dir), ignoreIndex);
        CrossChecks checks = new CrossChecks(root, problems);
        List<Candidate> candidates = index.of(directories);
        checks.entriesMatch(config, directories, candidates, index);
        checks.ignoresMatch(config, directories, ignoreIndex);
        Map<StackId, Candidate> active = new TreeMap<>();
        Map<StackId, IgnoreEntry> ignored = new TreeMap<>();
        Map<StackId, Candidate> byId = new HashMap<>();
        for (Candidate candidate : candidates) {
            Candidate first = byId.putIfAbsent(candidate.id(), candidate);
            if (first != null && !first.directory().dir().equals(candidate.directory().dir())) {
                sameId(first, candidate);
                continue;
            }
            if (candidate.ignoredBy().isPresent()) {
                ignored.putIfAbsent(candidate.id(), candidate.ignoredBy().get());
            } else {
                active.putIfAbsent(candidate.id(), candidate);
            }
        }
        Set<Setting<String>> validDependencies = checks.dependencyIds(config, active.keySet(), ignored);
        SettingsMerge merge = new SettingsMerge(config, problems);
        List<StackConfig> stacks = new ArrayList<>();
        Map<StackId, Map<StackId, Location>> edges = new TreeMap<>();
        for (Candidate candidate : active.values()) {
            Map<StackId, Location> dependencies = new LinkedHashMap<>();
            stacks.add(merge.merge(candidate, index.entriesOf(candidate), validDependencies, dependencies));
            edges.put(candidate.id(), dependencies);
        }
        checks.outputsFiles(stacks, config);
        new CycleCheck(edges).cycles().forEach(cycle -> problems.report(edges.get(cycle.get(0)).get(cycle.get(1)), "cycle",
                "dependsOn forms a cycle: " + String.join(" → ", cycle.stream().map(StackId::value).toList()),
                "remove one of these dependencies: a stack can only wait for stacks that do not wait for it"));
        List<IgnoredStack> ignoredStacks = ignored.entrySet().stream()
                .map(e -> new IgnoredStack(e.getKey(), directoryOf(candidates, e.getKey()), e.getValue().reason())).toList();
        return new Resolution(stacks, ignoredStacks, problems.warnings());
    }

    /** Two directories give one stack id: the problem is in the stacks' own files, not in stacks.yaml. */
    private void sameId(final Candidate first, final Candidate candidate) {
        String where = candidate.directory().isPulumi() ? candidate.directory().dir() + "/Pulumi.yaml" : candidate.directory().dir();
        problems.report(new Problem(displayRoot + where, 0, 0, "stack id `" + candidate.id() + "` is also the id of the stack in `"
                + first.directory().dir() + "`; every stack needs its own id",
                candidate.directory().isPulumi() ? "give one of the Pulumi projects another `name:`"
                        : "give the workspace another name in stacks.yaml"));
    }

    private static String directoryOf(final List<Candidate> candidates, final StackId id) {
        return candidates.stream().filter(c -> c.id().equals(id)).map(c -> c.directory().dir()).findFirst().orElse("");
    }
}
