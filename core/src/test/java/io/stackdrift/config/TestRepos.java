package io.stackdrift.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Builds small repositories of stacks in a temporary directory. */
final class TestRepos {
    private TestRepos() {
    }

    /** A Terraform root module (a terraform block, no lock file). */
    static void terraform(final Path root, final String dir) {
        write(root.resolve(dir).resolve("main.tf"),
                "terraform {\n  required_version = \">= 1.5\"\n}\n\nresource \"aws_vpc\" \"main\" {}\n");
    }

    /** An OpenTofu root module: its lock file names registry.opentofu.org. */
    static void tofu(final Path root, final String dir) {
        terraform(root, dir);
        write(root.resolve(dir).resolve(".terraform.lock.hcl"),
                "provider \"registry.opentofu.org/hashicorp/aws\" {\n  version = \"5.0.0\"\n}\n");
    }

    /** A Pulumi project with one Pulumi.&lt;stack&gt;.yaml per stack. */
    static void pulumi(final Path root, final String dir, final String project, final String... stacks) {
        write(root.resolve(dir).resolve("Pulumi.yaml"), "name: " + project + "\nruntime: nodejs\n");
        for (String stack : stacks) {
            write(root.resolve(dir).resolve("Pulumi." + stack + ".yaml"), "config: {}\n");
        }
    }

    static void write(final Path file, final String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ConfigResult check(final Path root, final String yaml) {
        return new ConfigLoader(4).check(yaml, "stacks.yaml", root.resolve("stacks.yaml"), root);
    }
}
