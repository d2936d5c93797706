package io.stackdrift.config;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.model.Problem;

/**
 * The {@code credentials:} of a stacks.yaml read from its text alone, with no repository to discover stacks in: for
 * a host that decides which credentials ids a stack may get from a file it trusts, while the stacks themselves live
 * in another copy of the repository (the Jenkins controller, for a change request from an untrusted source: the
 * target branch's file, parsed on the controller, matched against the change's stacks). A stack is named by its
 * directory and its name (Pulumi stack or Terraform workspace, empty for the default workspace); the entries that
 * match it, and which one wins a variable, are as when the file is loaded with its repository: a named entry over
 * an exact directory over a glob. Entries of one rank that disagree on a variable give it to none (a loaded file
 * reports that as a conflict).
 */
public final class CredentialsEntries {
    private final List<Problem> problems;
    private final PatternIndex<StackEntry> entries;

    private CredentialsEntries(final List<Problem> problems, final List<StackEntry> entries) {
        this.problems = List.copyOf(problems);
        this.entries = new PatternIndex<>(entries, StackEntry::dir);
    }

    /** Parses {@code yaml} as the file {@code fileName} (for problems); reads nothing else. */
    public static CredentialsEntries parse(final String yaml, final String fileName) {
        List<Problem> problems = new ArrayList<>();
        if (yaml.length() > YamlReader.MAX_CHARS) {
            problems.add(new Problem(fileName, 0, 0, "the file is longer than " + YamlReader.MAX_CHARS
                    + " characters; a stacks.yaml may be at most that", "is this the right file? stacks.yaml is small"));
            return new CredentialsEntries(problems, List.of());
        }
        Optional<ParsedConfig> parsed = YamlReader.read(fileName, yaml, problems)
                .flatMap(root -> new ConfigParser(fileName, problems).parse(root));
        if (!problems.isEmpty() || parsed.isEmpty()) {
            return new CredentialsEntries(problems, List.of());
        }
        return new CredentialsEntries(problems, parsed.get().entries());
    }

    /** The file's problems; a file with any maps no credentials. */
    public List<Problem> problems() {
        return problems;
    }

    /**
     * Variable → credentials id for the stack in {@code dir} ('/'-separated, relative to the repository root, "."
     * for the root) named {@code name}; empty when no entry of the file maps one.
     */
    public Map<String, String> of(final String dir, final String name) {
        List<StackEntry> matching = entries.matching(dir).stream()
                .filter(e -> !e.isNamed() || workspace(e.name()).equals(workspace(name))).toList();
        Set<SettingKey<?>> keys = new TreeSet<>(Comparator.comparing(SettingKey::name));
        matching.forEach(e -> e.settings().keys().stream().filter(SettingKey::isCredentials).forEach(keys::add));
        Map<String, String> credentials = new TreeMap<>();
        for (SettingKey<?> key : keys) {
            SettingKey<String> variable = SettingKey.credentials(key.variable());
            int best = matching.stream().filter(e -> e.settings().has(variable)).mapToInt(CredentialsEntries::rank).max().orElse(0);
            Set<String> ids = new TreeSet<>();
            matching.stream().filter(e -> e.settings().has(variable) && rank(e) == best)
                    .forEach(e -> e.settings().get(variable).ifPresent(s -> ids.add(s.value())));
            if (ids.size() == 1) {
                credentials.put(key.variable(), ids.iterator().next());
            }
        }
        return credentials;
    }

    /** As the loader ranks entries: a named entry, then an exact directory, then a glob. */
    private static int rank(final StackEntry entry) {
        return entry.isNamed() ? 2 : entry.isGlob() ? 0 : 1;
    }

    /** "default" is the workspace Terraform uses when none is named, as the loader treats it. */
    private static String workspace(final String name) {
        return "default".equals(name) ? Candidates.NO_STACK : name;
    }
}
