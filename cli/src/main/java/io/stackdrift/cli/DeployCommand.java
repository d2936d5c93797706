package io.stackdrift.cli;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.stackdrift.engine.ShardRun;
import io.stackdrift.model.Approval;
import io.stackdrift.model.DeployKind;
import io.stackdrift.model.DeployMode;
import io.stackdrift.model.StartedBy;
import io.stackdrift.model.Timing;

/** {@code stackdrift deploy}: deploys the selected stacks in dependency order (docs/concepts.md, "Deploy order", "Policies and digests"),
 * or destroys them in reverse. */
@Command(name = "deploy", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Deploy the selected stacks in dependency order, each from a preview made in this run.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every stack deployed, had nothing to deploy or was left alone by its policy (with --destroy: destroyed or had "
                + "nothing to destroy)",
                "2:pending changes left (a rehearsal) or a stack awaiting approval", "1:an error or a failed stack",
                "3:the run applied changes (or was interrupted applying them), but its record could not be written"})
public final class DeployCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Mixin
    private ShardOptions shards;

    @Option(names = "--rehearsal", description = "Plan every stack in order and apply nothing.")
    private boolean rehearsal;

    @Option(names = "--approved", description = "A person approved this run: stacks in drift mode approve are applied too.")
    private boolean approved;

    @Option(names = "--now", description = "Deploy the selected stacks whatever their policy (once too) and digest; a stack in "
            + "drift mode approve still needs --approved.")
    private boolean now;

    @Option(names = "--destroy", description = "Destroy the selected stacks in reverse dependency order (a stack after every stack "
            + "that depends on it), each from a destroy preview made in this run; with --rehearsal only planned.")
    private boolean destroy;

    @Override
    public Integer call() {
        String what = destroy ? "destroy" : "deploy";
        String cause = rehearsal ? what + " rehearsal started by hand" : approved ? what + " approved by hand" : what + " started by hand";
        Optional<ShardRun> shard = shards.run(spec.commandLine(), options.recordDir(), CliHost.LOCK_TIMEOUT);
        if (shard.isPresent() && destroy) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--shard does not take --destroy: a destroy is not split");
        }
        return options.run(spec.commandLine(), StartedBy.MANUAL, cause, Set.of(),
                request -> request.mode(rehearsal ? DeployMode.REHEARSAL : DeployMode.APPLY)
                        .approval(Approval.of(approved)).kind(destroy ? DeployKind.DESTROY : DeployKind.DEPLOY)
                        .timing(now ? Timing.NOW : Timing.WHEN_DUE),
                (engine, request) -> shard.isPresent() ? engine.deploy(request, shard.get()) : engine.deploy(request));
    }
}
