package io.stackdrift.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.stackdrift.model.StackId;

/**
 * The rules that span entries or stacks: every entry and ignore entry matches something, every dependsOn id
 * names a stack that is not ignored, and no two stacks write their outputs to one file.
 */
final class CrossChecks {
    private final Path root;
    private final ResolveProblems problems;

    CrossChecks(final Path root, final ResolveProblems problems) {
        this.root = root;
        this.problems = problems;
    }

    /** Warns about each ignore entry that matches no stack directory. */
    void ignoresMatch(final ParsedConfig config, final List<ProjectDirectory> directories, final PatternIndex<IgnoreEntry> index) {
        Set<IgnoreEntry> used = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ProjectDirectory directory : directories) {
            used.addAll(index.matching(directory.dir()));
        }
        for (IgnoreEntry ignore : config.ignores()) {
            if (!used.contains(ignore)) {
                problems.warn(ignore.at(), "the ignore entry `" + ignore.dir() + "` matches no stack directory",
                        "remove it, or check the pattern: legacy/** matches legacy and everything under it");
            }
        }
    }

    /** Reports each stacks entry that applies to no stack that is left in, with the likely reason. */
    void entriesMatch(final ParsedConfig config, final List<ProjectDirectory> directories, final List<Candidate> candidates,
            final Candidates index) {
        // each candidate's directory was matched once; invert that instead of matching entries × candidates again
        IdentityHashMap<StackEntry, List<Candidate>> byEntry = new IdentityHashMap<>();
        for (Candidate candidate : candidates) {
            for (StackEntry entry : index.entriesOf(candidate)) {
                byEntry.computeIfAbsent(entry, e -> new ArrayList<>()).add(candidate);
            }
        }
        List<String> dirs = directories.stream().map(ProjectDirectory::dir).toList();
        for (StackEntry entry : config.entries()) {
            List<Candidate> matched = byEntry.getOrDefault(entry, List.of());
            if (matched.stream().anyMatch(c -> c.ignoredBy().isEmpty())) {
                continue;
            }
            if (!matched.isEmpty()) {
                IgnoreEntry ignore = matched.get(0).ignoredBy().get();
                problems.report(entry.dirAt(), "dir", "`" + entry.dir() + "` is left out by the ignore entry at line "
                                + ignore.at().line() + " (\"" + ignore.reason() + "\")",
                        "remove this stacks entry, or remove `" + ignore.dir() + "` from ignore");
            } else if (entry.isGlob()) {
                problems.report(entry.dirAt(), "dir", "`" + entry.dir() + "` matches no stack directory",
                        dirs.isEmpty() ? "no directory here holds Pulumi.yaml or .tf files"
                                : "directories with stacks nearby: " + String.join(", ", Spelling.nearest(entry.dir(), dirs, 3)));
            } else {
                noStackAt(entry, directories, dirs);
            }
        }
    }

    private void noStackAt(final StackEntry entry, final List<ProjectDirectory> directories, final List<String> dirs) {
        Optional<ProjectDirectory> directory = directories.stream().filter(d -> d.dir().equals(entry.dir())).findFirst();
        if (directory.isPresent() && directory.get().isPulumi()) {
            problems.report(entry.dirAt(), "dir", "the Pulumi project in `" + entry.dir() + "` has no stacks",
                    "add Pulumi.<stack>.yaml beside Pulumi.yaml, or name the stack here: name: prod");
        } else if (Files.isDirectory(root.resolve(entry.dir()))) {
            problems.report(entry.dirAt(), "dir", "`" + entry.dir() + "` holds no stack: no Pulumi.yaml and no .tf or .tofu files",
                    "point dir at the directory that holds the root module or Pulumi project");
        } else {
            problems.report(entry.dirAt(), "dir", "directory `" + entry.dir() + "` does not exist",
                    dirs.isEmpty() ? "dir is relative to the repository root, which has the configuration file"
                            : "stack directories nearby: " + String.join(", ", Spelling.nearest(entry.dir(), dirs, 3)));
        }
    }

    /** The dependsOn ids that name a stack that is left in; reports the others. */
    Set<Setting<String>> dependencyIds(final ParsedConfig config, final Set<StackId> known, final Map<StackId, IgnoreEntry> ignored) {
        Set<Setting<String>> valid = new HashSet<>();
        List<String> knownIds = known.stream().map(StackId::value).toList();
        for (StackEntry entry : config.entries()) {
            for (Setting<String> id : entry.dependsOn().ids()) {
                StackId stackId = StackId.of(id.value().isBlank() ? "?" : id.value());
                if (known.contains(stackId)) {
                    valid.add(id);
                } else if (ignored.containsKey(stackId)) {
                    IgnoreEntry ignore = ignored.get(stackId);
                    problems.report(id.at(), "dependsOn", "dependsOn names `" + id.value() + "`, which ignore leaves out: \""
                                    + ignore.reason() + "\"",
                            "remove `" + id.value() + "` from dependsOn, or remove the ignore entry at line " + ignore.at().line());
                } else {
                    problems.report(id.at(), "dependsOn", "dependsOn names `" + id.value() + "`, which is not a stack here",
                            knownIds.isEmpty() ? "there are no stacks to depend on" : "known stack ids nearby: "
                                    + String.join(", ", Spelling.nearest(id.value(), knownIds, 3)));
                }
            }
        }
        return valid;
    }

    /** Reports two stacks that would write their outputs to one file. */
    void outputsFiles(final List<StackConfig> stacks, final ParsedConfig config) {
        Map<String, StackConfig> writers = new HashMap<>();
        for (StackConfig stack : stacks) {
            stack.outputs().ifPresent(outputs -> {
                StackConfig first = writers.putIfAbsent(outputs.file(), stack);
                if (first != null) {
                    Location at = config.entries().stream().flatMap(e -> e.settings().get(SettingKey.OUTPUTS).stream())
                            .filter(s -> s.value().file().equals(outputs.file()))
                            .map(Setting::at).findFirst().orElse(Location.NOWHERE);
                    problems.report(at, "outputs", "stacks `" + first.id() + "` and `" + stack.id() + "` would both write their outputs"
                            + " to `" + outputs.file() + "`", "give each stack its own file, e.g. outputs: out/"
                                    + stack.dir().replace('/', '-') + ".json");
                }
            });
        }
    }
}
