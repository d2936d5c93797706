package io.stackdrift.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * A repository of one stack whose {@code terraform} is a script, and {@code stackdrift check} (or another command) of it
 * in a JVM of its own with a private temporary directory: for what only a whole process shows (a heap cap, a signal, what is left
 * behind on disk).
 */
final class ForkedCheck {
    /** A {@code terraform} that finds the stack in sync: a plan without changes, for runs that only need to go through. */
    static final String IN_SYNC_TOOL = """
            #!/bin/sh
            case "$1" in
              version) echo '{"terraform_version":"1.11.4"}' ;;
              plan) for a in "$@"; do case "$a" in -out=*) echo '{"format_version":"1.2","resource_changes":[]}' > "${a#-out=}" ;;
                    esac; done; exit 0 ;;
              show) for a in "$@"; do f="$a"; done; cat "$f" ;;
              *) exit 0 ;;
            esac
            """;

    final Path repo;
    final Path stackDir;
    final Path tool;
    final Path tmp;

    private ForkedCheck(final Path repo, final Path stackDir, final Path tool, final Path tmp) {
        this.repo = repo;
        this.stackDir = stackDir;
        this.tool = tool;
        this.tmp = tmp;
    }

    /** The repository {@code dir/repo} with the stack {@code stack} and the tool script {@code toolScript}. */
    static ForkedCheck of(final Path dir, final String stack, final String toolScript) throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Path stackDir = Files.createDirectories(repo.resolve(stack));
        Files.writeString(stackDir.resolve("main.tf"), "terraform {\n}\n");
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: " + stack + "\n");
        Path tool = Files.writeString(repo.resolve("terraform-stand-in"), toolScript);
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new ForkedCheck(repo, stackDir, tool, Files.createDirectories(dir.resolve("tmp")));
    }

    /** {@code java JVM_FLAGS … check --config … --tool-path terraform=… ARGUMENTS}, not started. */
    ProcessBuilder check(final List<String> jvmFlags, final String... arguments) {
        return command("check", jvmFlags, arguments);
    }

    /** {@code java JVM_FLAGS … COMMAND --config … --tool-path terraform=… ARGUMENTS}, not started. */
    ProcessBuilder command(final String name, final List<String> jvmFlags, final String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmFlags);
        command.addAll(List.of("-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                StackDriftCommand.class.getName(), name, "--config", repo.resolve("stacks.yaml").toString()));
        command.addAll(List.of(arguments));
        command.addAll(List.of("--tool-path", "terraform=" + tool));
        return new ProcessBuilder(command);
    }
}
