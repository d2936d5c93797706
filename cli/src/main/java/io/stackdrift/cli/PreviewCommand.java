package io.stackdrift.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.stackdrift.model.StartedBy;

/** {@code stackdrift preview}: previews every selected stack (pending changes and drift, depends-on); applies nothing. */
@Command(name = "preview", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Preview every selected stack: pending code changes, drift and what it depends on. Applies nothing.",
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:every stack in sync", "2:drift or pending changes", "1:an error or a failed stack"})
public final class PreviewCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    static final String MARKDOWN_HINT = "name a file in a directory you can write to with --markdown (the directory is created if "
            + "missing)";

    @Mixin
    private RunOptions options;

    @Option(names = "--markdown", paramLabel = "FILE",
            description = "Also write the preview as Markdown into FILE, for a comment on a change request: the counts and, per "
                    + "stack, its changes in the code apart from reverts of changes made outside it, and the stacks that will "
                    + "follow. Paths only, never a value.")
    private Path markdown;

    @Override
    public Integer call() {
        CommandLine commandLine = spec.commandLine();
        RunSetup setup = options.setup(commandLine);
        if (markdown != null) {
            setup = setup.withMarkdown(markdownFile(markdown));
        }
        return RunOptions.run(setup, commandLine, StartedBy.MANUAL, "preview started by hand", Set.of(), request -> request,
                (engine, request) -> engine.preview(request));
    }

    /** Checked before any tool runs: a file that cannot be written fails the command now, not after the preview. */
    private static Path markdownFile(final Path file) {
        if (Files.isDirectory(file)) {
            throw new CliFailure("--markdown " + file + ": this is a directory", MARKDOWN_HINT, "--markdown", file);
        }
        Path dir = Optional.ofNullable(file.toAbsolutePath().getParent()).orElse(Path.of("").toAbsolutePath());
        PathTrouble.writableDirectory("--markdown " + file, "--markdown", dir, MARKDOWN_HINT);
        return file;
    }
}
