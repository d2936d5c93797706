package io.stackdrift.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * Which stacks exist (docs/configuration.md, "How entries combine"): every Pulumi stack and Terraform/OpenTofu
 * root module discovery found, plus what entries name that discovery cannot see (a Terraform workspace, a Pulumi
 * stack without its own config file, a root module under {@code modules/}); each marked with the ignore entry
 * that leaves it out, if one does.
 */
final class Candidates {
    /** The name of the default workspace's stack: its stack id has no suffix. */
    static final String NO_STACK = "";

    private final PatternIndex<StackEntry> entries;
    private final PatternIndex<IgnoreEntry> ignores;

    Candidates(final PatternIndex<StackEntry> entries, final PatternIndex<IgnoreEntry> ignores) {
        this.entries = entries;
        this.ignores = ignores;
    }

    List<Candidate> of(final List<ProjectDirectory> directories) {
        List<Candidate> candidates = new ArrayList<>();
        for (ProjectDirectory directory : directories) {
            List<StackEntry> matching = entries.matching(directory.dir());
            Optional<IgnoreEntry> ignoredBy = ignores.matching(directory.dir()).stream().findFirst();
            Set<String> names = new TreeSet<>();
            matching.stream().filter(StackEntry::isNamed).map(e -> workspace(e.name())).forEach(names::add);
            if (directory.isPulumi()) {
                names.addAll(directory.pulumiStacks());
                names.remove(NO_STACK);
                for (String name : names) {
                    candidates.add(new Candidate(directory, name, StackId.pulumi(directory.pulumiProject(), name), ignoredBy, Tool.PULUMI));
                }
                continue;
            }
            boolean namedExactly = matching.stream().anyMatch(e -> !e.isGlob());
            boolean isStack = directory.rootModule() || namedExactly;
            if (!isStack || directory.underModules() && matching.isEmpty()) {
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

    /** The entries that apply to {@code candidate}: its directory matches, and so does the name when they have one. */
    List<StackEntry> entriesOf(final Candidate candidate) {
        return entries.matching(candidate.directory().dir()).stream().filter(e -> matchesName(e, candidate)).toList();
    }

    /** "default" is the workspace Terraform uses when none is named; its stack id has no suffix. */
    private static String workspace(final String name) {
        return "default".equals(name) ? NO_STACK : name;
    }

    /** The entry's directory pattern is known to match the candidate's directory; does its name match too? */
    private static boolean matchesName(final StackEntry entry, final Candidate candidate) {
        return !entry.isNamed() || workspace(entry.name()).equals(candidate.name());
    }
}
