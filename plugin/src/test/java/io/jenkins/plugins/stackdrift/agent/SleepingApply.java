package io.jenkins.plugins.stackdrift.agent;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The real-Terraform repository of the ITests that stop, lose or restart something during an apply: one stack
 * {@code net} whose apply runs a shell command, then sleeps {@code SLEEP_SECONDS} (from the build's environment) in a
 * {@code local-exec} provisioner; its state is a local backend outside the workspaces ({@code state/net.tfstate}).
 */
final class SleepingApply {
    private SleepingApply() {
    }

    /** The directory of a terraform executable on PATH, or null. */
    static String terraformDirectory() {
        String path = System.getenv("PATH");
        return path == null ? null : Stream.of(path.split(File.pathSeparator))
                .filter(dir -> Files.isExecutable(Path.of(dir, "terraform"))).findFirst().orElse(null);
    }

    /** The repository under {@code temp/repo}; {@code first} is the shell command the provisioner runs before it sleeps. */
    static Path repository(final Path temp, final String first) throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/net"));
        Path state = temp.resolve("state/net.tfstate");
        Files.createDirectories(state.getParent());
        Files.writeString(repo.resolve("main.tf"), """
                terraform {
                  backend "local" {
                    path = "%s"
                  }
                }
                resource "terraform_data" "net" {
                  input = "10.0.0.0/16"
                  provisioner "local-exec" {
                    command = "%s; sleep $${SLEEP_SECONDS:-0}"
                  }
                }
                """.formatted(state, first));
        Files.writeString(repo.getParent().resolve("stacks.yaml"), "stacks:\n  - dir: net\n");
        return repo.getParent();
    }
}
