package io.stackdrift.config;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

/**
 * How the entries that match one stack add up to its {@link StackConfig} (docs/configuration.md, "How entries
 * combine"): per key, a named entry wins over one without and an exact directory over a glob; entries of the same
 * rank that disagree are a conflict; a key no entry sets comes from the top level, else from its fallback.
 */
final class SettingsMerge {
    private final ParsedConfig config;
    private final ResolveProblems problems;

    SettingsMerge(final ParsedConfig config, final ResolveProblems problems) {
        this.config = config;
        this.problems = problems;
    }

    /**
     * The stack's settings; {@code dependencies} receives its valid dependsOn ids with where each is written (for
     * the cycle check).
     */
    StackConfig merge(final Candidate candidate, final List<StackEntry> entries, final Set<Setting<String>> validDependencies,
            final Map<StackId, Location> dependencies) {
        Settings.Builder decided = new Settings.Builder();
        Set<SettingKey<?>> keys = new TreeSet<>(Comparator.comparing(SettingKey::name));
        entries.forEach(e -> keys.addAll(e.settings().keys()));
        for (SettingKey<?> key : keys) {
            decide(candidate, key, entries, decided);
        }
        Settings settings = decided.build();
        Tool tool = tool(candidate, entries, settings.get(SettingKey.TOOL).map(Setting::value));
        DriftSettings drift = new DriftSettings(pick(settings, SettingKey.DRIFT_ENABLED), pick(settings, SettingKey.DRIFT_MODE),
                pick(settings, SettingKey.DRIFT_EVERY), ignoreRules(candidate, entries, tool),
                pick(settings, SettingKey.DRIFT_MAX_CHANGES), pick(settings, SettingKey.DRIFT_ALLOW_REPLACE));
        Duration reapply = pick(settings, SettingKey.REAPPLY);
        boolean auto = dependsOn(entries, validDependencies, dependencies);
        Map<String, String> credentials = new TreeMap<>();
        for (SettingKey<?> key : settings.keys()) {
            if (key.isCredentials()) {
                settings.get(SettingKey.credentials(key.variable())).ifPresent(id -> credentials.put(key.variable(), id.value()));
            }
        }
        warnAboutReapply(candidate, entries, drift, reapply);
        return new StackConfig(candidate.id(), tool, candidate.directory().dir(), candidate.name(), List.copyOf(dependencies.keySet()),
                auto, drift, reapply, pick(settings, SettingKey.POLICY), credentials,
                settings.get(SettingKey.OUTPUTS).map(Setting::value), pick(settings, SettingKey.POLICY_CHECK).check());
    }

    /** The merged value of {@code key}, else the top level's, else the key's fallback. */
    private <T> T pick(final Settings settings, final SettingKey<T> key) {
        return settings.get(key).or(() -> config.defaults().get(key)).map(Setting::value)
                .or(key::fallback).orElseThrow(() -> new IllegalArgumentException(key + " has no fallback"));
    }

    /**
     * The value of one key among the entries that set it: a named entry wins over one without, and an exact
     * directory over a glob; entries of the same rank that disagree are a conflict.
     */
    private <T> void decide(final Candidate candidate, final SettingKey<T> key, final List<StackEntry> entries,
            final Settings.Builder decided) {
        int best = entries.stream().filter(e -> e.settings().has(key)).mapToInt(SettingsMerge::rank).max().orElse(0);
        List<StackEntry> top = entries.stream().filter(e -> e.settings().has(key) && rank(e) == best).toList();
        Setting<T> winner = top.get(0).settings().get(key).orElseThrow();
        for (StackEntry other : top.subList(1, top.size())) {
            Setting<T> setting = other.settings().get(key).orElseThrow();
            if (!setting.value().equals(winner.value())) {
                String message = key.shown() + " is `" + words(setting.value()) + "` here but `" + words(winner.value())
                        + "` in the entry at line " + top.get(0).dirAt().line() + "; both match stack `" + candidate.id() + "`";
                problems.report(setting.at(), key.name(), message + (best == 2 ? ", and two named entries must agree"
                                : ", and neither entry wins (a named entry wins over an exact dir, an exact dir over a glob)"),
                        best == 2 ? "set it in one of the two entries only"
                                : "set it in one entry only, or give one entry the stack's name: a named entry wins over one without");
            }
        }
        decided.put(key, winner);
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

    /** Every entry's drift ignore rules; a Pulumi stack cannot have them (its program's ignoreChanges does that). */
    private List<IgnoreRule> ignoreRules(final Candidate candidate, final List<StackEntry> entries, final Tool tool) {
        LinkedHashSet<IgnoreRule> rules = new LinkedHashSet<>();
        for (StackEntry entry : entries) {
            for (Setting<IgnoreRule> rule : entry.ignore()) {
                if (tool == Tool.PULUMI) {
                    problems.report(rule.at(), "ignore", "drift ignore rules cannot be enforced for the Pulumi stack `"
                                    + candidate.id() + "`",
                            "remove the rule and use the program's ignoreChanges resource option instead");
                } else {
                    rules.add(rule.value());
                }
            }
        }
        return List.copyOf(rules);
    }

    /** Adds the valid dependsOn ids of every entry to {@code dependencies}; whether any entry says {@code auto}. */
    private static boolean dependsOn(final List<StackEntry> entries, final Set<Setting<String>> validDependencies,
            final Map<StackId, Location> dependencies) {
        boolean auto = false;
        for (StackEntry entry : entries) {
            if (entry.dependsOn().auto()) {
                auto = true;
            }
            for (Setting<String> id : entry.dependsOn().ids()) {
                if (validDependencies.contains(id)) {
                    dependencies.putIfAbsent(StackId.of(id.value()), id.at());
                }
            }
        }
        return auto;
    }

    private Tool tool(final Candidate candidate, final List<StackEntry> entries, final Optional<Tool> written) {
        if (written.isEmpty()) {
            return candidate.detected();
        }
        Tool chosen = written.get();
        Location at = entries.stream().flatMap(e -> e.settings().get(SettingKey.TOOL).stream()).filter(s -> s.value() == chosen)
                .map(Setting::at).findFirst().orElse(Location.NOWHERE);
        if (candidate.directory().isPulumi() && chosen != Tool.PULUMI) {
            problems.report(at, "tool", "`" + candidate.directory().dir() + "` is a Pulumi project (Pulumi.yaml); " + chosen.word()
                    + " cannot run it",
                    "tool: pulumi   # or leave tool out");
            return Tool.PULUMI;
        }
        if (!candidate.directory().isPulumi() && chosen == Tool.PULUMI) {
            problems.report(at, "tool", "`" + candidate.directory().dir() + "` has no Pulumi.yaml; it is a Terraform/OpenTofu root module",
                    "tool: " + candidate.detected().word() + "   # terraform or tofu, or leave tool out");
            return candidate.detected();
        }
        return chosen;
    }

    private void warnAboutReapply(final Candidate candidate, final List<StackEntry> entries, final DriftSettings drift,
            final Duration reapply) {
        if (!drift.isChecked() || reapply.isZero() || reapply.compareTo(drift.every()) >= 0) {
            return;
        }
        Optional<Location> reapplyAt = firstWritten(entries, SettingKey.REAPPLY);
        Optional<Location> everyAt = firstWritten(entries, SettingKey.DRIFT_EVERY);
        if (reapplyAt.isEmpty() && everyAt.isEmpty()) {
            return; // both defaults: the file chose neither, so there is nothing to change in it
        }
        problems.warn(reapplyAt.or(() -> everyAt).get(), "stack `" + candidate.id() + "`: reapply "
                        + Durations.format(reapply) + " is shorter than its drift check interval (every " + Durations.format(drift.every())
                        + "); the schedule, not the reapply interval, decides when drift is corrected",
                "reapply: " + Durations.format(drift.every()) + "   # at least as long as drift.every, or 0 for never");
    }

    /** Where the first matching entry, else the top level, writes {@code key}. */
    private Optional<Location> firstWritten(final List<StackEntry> entries, final SettingKey<?> key) {
        return entries.stream().flatMap(e -> e.settings().get(key).stream()).map(Setting::at).findFirst()
                .or(() -> config.defaults().get(key).map(Setting::at));
    }
}
