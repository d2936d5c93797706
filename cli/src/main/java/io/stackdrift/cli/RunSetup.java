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
 */
record RunSetup(Path config, Path root, Path recordDir, List<String> stacks, OptionalInt parallelism, ToolSettings tools,
        boolean json, Optional<Path> html, Verbosity verbosity) {
    RunSetup {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(recordDir, "recordDir");
        stacks = List.copyOf(stacks);
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(tools, "tools");
        Objects.requireNonNull(html, "html");
        Objects.requireNonNull(verbosity, "verbosity");
    }
}
