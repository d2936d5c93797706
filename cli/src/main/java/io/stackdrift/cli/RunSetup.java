package io.stackdrift.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

import io.stackdrift.spi.ToolSettings;

/**
 * One run's options, checked and resolved.
 *
 * @param config      the configuration file as given
 * @param root        the repository root: the configuration file's directory
 * @param recordDir   where the history lives ({@code --record}, or {@code .stackdrift/} beside the file)
 * @param stacks      the stack ids or globs to include; empty = every stack
 * @param parallelism {@code --parallelism}, when given
 * @param tools       the tools' executables and timeout
 * @param json        print the run JSON instead of text
 * @param html        where to write the HTML report, when asked
 * @param verbosity   {@code --quiet} or not
 * @param markdown    where to write the review summary as Markdown ({@code preview --markdown}), when asked
 */
record RunSetup(Path config, Path root, Path recordDir, List<String> stacks, OptionalInt parallelism, ToolSettings tools,
        boolean json, Optional<Path> html, Verbosity verbosity, Optional<Path> markdown) {
    RunSetup {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(recordDir, "recordDir");
        stacks = List.copyOf(stacks);
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(html, "html");
        Objects.requireNonNull(verbosity, "verbosity");
        Objects.requireNonNull(markdown, "markdown");
    }

    /** The same run, writing its review summary as Markdown into {@code file}. */
    RunSetup withMarkdown(final Path file) {
        return new RunSetup(config, root, recordDir, stacks, parallelism, tools, json, html, verbosity, Optional.of(file));
    }
}
