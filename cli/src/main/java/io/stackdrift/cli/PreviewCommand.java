package io.stackdrift.cli;

import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import io.stackdrift.model.StartedBy;

/** {@code stackdrift preview}: previews every selected stack (pending changes and drift, depends-on); applies nothing. */
@Command(name = "preview", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Preview every selected stack: pending code changes, drift and what it depends on. Applies nothing.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every stack in sync", "2:drift or pending changes", "1:an error or a failed stack"})
public final class PreviewCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private RunOptions options;

    @Override
    public Integer call() {
        return options.run(spec.commandLine(), StartedBy.MANUAL, "preview started by hand", Set.of(), request -> request,
                (engine, request) -> engine.preview(request));
    }
}
