package io.stackdrift.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.stackdrift.engine.ShardRun;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;

/**
 * {@code stackdrift check}: a drift check of the stacks that are due (docs/concepts.md, "Drift modes"), each stack's drift mode
 * applied (correct deploys, approve waits, report records).
 */
@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Check the due stacks for changes made outside the code and apply each stack's drift mode.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:no drift", "2:drift, pending changes, a stack awaiting approval or not deployed",
                "1:an error or a failed stack",
                "3:a correction applied changes (or was interrupted applying them), but the record could not be written"})
public final class CheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Mixin
    private ShardOptions shards;

    @Option(names = "--schedule",
            description = "A scheduled check: only stacks due by their own 'every' (the default for a manual check too).")
    private boolean schedule;

    @Option(names = "--push",
            description = "A check started by a push: stacks whose last row drifted are checked; stacks whose files changed are previewed.")
    private boolean push;

    @Option(names = "--now",
            description = "Check the selected stacks now, whatever their schedule ('every') and the backoff after failed checks.")
    private boolean now;

    @Option(names = "--changed", paramLabel = "FILE", arity = "1..*", split = "\\R", splitSynopsisLabel = "\\n",
            description = "With --push: the changed files, relative to the repository root (in the variable: one a line).")
    private List<String> changed = new ArrayList<>();

    @Option(names = "--changed-since", paramLabel = "REF",
            description = "With --push: the changed files from git: what HEAD changed since it forked from REF (git diff "
                    + "REF...HEAD), and what is changed in the work tree and not committed, new files too.")
    private String changedSince;

    @Override
    public Integer call() {
        if (!changed.isEmpty() && !push) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--changed needs --push");
        }
        if (changedSince != null && !push) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--changed-since needs --push");
        }
        if (push && schedule) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--push and --schedule exclude each other");
        }
        if (now && (push || schedule)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--now is a check by hand: leave out "
                    + (push ? "--push" : "--schedule"));
        }
        Set<String> files = new LinkedHashSet<>();
        for (String file : changed) {
            String normalized = file.replace('\\', '/');
            while (normalized.startsWith("./")) {
                normalized = normalized.substring(2);
            }
            files.add(normalized);
        }
        if (changedSince != null) {
            files.addAll(GitChanges.since(changedSince, options.root()));
        }
        StartedBy by = push ? StartedBy.PUSH : schedule ? StartedBy.SCHEDULE : StartedBy.MANUAL;
        String cause = switch (by) {
            case PUSH -> "drift check started by a push";
            case SCHEDULE -> "scheduled drift check";
            case MANUAL -> now ? "drift check started by hand, now" : "drift check started by hand";
        };
        Optional<ShardRun> shard = shards.run(spec.commandLine(), options.recordDir(), CliHost.LOCK_TIMEOUT);
        Timing timing = now ? Timing.NOW : Timing.WHEN_DUE;
        return options.run(spec.commandLine(), by, cause, files, request -> request.timing(timing),
                (engine, request) -> shard.isPresent() ? engine.check(request, shard.get()) : engine.check(request));
    }
}
