package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.StackConfig;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class StackFilesTest {
    @TempDir
    Path repo;

    @TempDir
    Path elsewhere;

    private void write(final String relative, final String text) throws IOException {
        Path file = repo.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private List<String> labels(final String stackDir) throws IOException {
        return StackFiles.entries(repo, repo.resolve(stackDir), Set.of()).stream().map(StackFiles.Entry::label).toList();
    }

    private Map<String, StackFiles.Content> contents(final String stackDir) throws IOException {
        Map<String, StackFiles.Content> out = new TreeMap<>();
        StackFiles.entries(repo, repo.resolve(stackDir), Set.of()).forEach(e -> out.put(e.label(), e.content()));
        return out;
    }

    private void git(final String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "init.defaultBranch=main"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("git %s", List.of(args)).isZero();
    }

    private static boolean gitAvailable() {
        try {
            Process p = new ProcessBuilder("git", "--version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    @Test
    void withoutGitTheWalkLeavesOutPythonAndDotnetLeftovers() throws IOException {
        write("app/Pulumi.yaml", "name: app\n");
        write("app/__main__.py", "import pulumi\n");
        write("app/helpers.pyc", "compiled");
        write("app/__pycache__/__main__.cpython-312.pyc", "compiled");
        write("app/venv/lib/python3.12/site-packages/pulumi/__init__.py", "x");
        write("app/.venv/pyvenv.cfg", "x");
        write("app/lib/util.py", "x");
        write("dotnet/Pulumi.yaml", "name: dotnet\n");
        write("dotnet/Infra.csproj", "<Project/>");
        write("dotnet/bin/Debug/Infra.dll", "x");
        write("dotnet/obj/project.assets.json", "x");
        write("scripts/bin/run.sh", "echo\n");
        write("scripts/main.tf", "terraform {}\n");

        assertThat(labels("app")).containsExactly("stack/Pulumi.yaml", "stack/__main__.py", "stack/lib/util.py");
        assertThat(labels("dotnet")).containsExactly("stack/Infra.csproj", "stack/Pulumi.yaml");
        assertThat(labels("scripts")).as("bin/ without a .NET project is the user's").containsExactly("stack/bin/run.sh", "stack/main.tf");
    }

    @Test
    void aLinkInsideTheRepositoryIsFollowedOneLeavingItCountsAsItsTargetText() throws IOException {
        write("shared/provider.tf", "provider \"aws\" {}\n");
        write("network/main.tf", "terraform {}\n");
        Files.createSymbolicLink(repo.resolve("network/provider.tf"), Path.of("../shared/provider.tf"));
        Files.writeString(elsewhere.resolve("secret.tf"), "outside\n");
        Files.createSymbolicLink(repo.resolve("network/outside.tf"), elsewhere.resolve("secret.tf"));
        Files.createSymbolicLink(repo.resolve("network/dangling.tf"), Path.of("nowhere.tf"));

        assertThat(contents("network")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "stack/main.tf", StackFiles.Content.FILE,
                "stack/provider.tf", StackFiles.Content.FILE,
                "stack/outside.tf", StackFiles.Content.LINK_TARGET,
                "stack/dangling.tf", StackFiles.Content.LINK_TARGET));

        StackConfig network = StackDigestTest.stackAt("network");
        String before = StackDigest.compute(repo, network, List.of(network), "1");
        write("shared/provider.tf", "provider \"aws\" { region = \"x\" }\n");
        String linkedChanged = StackDigest.compute(repo, network, List.of(network), "1");
        assertThat(linkedChanged).as("the linked file's content counts").isNotEqualTo(before);
        Files.writeString(elsewhere.resolve("secret.tf"), "changed outside\n");
        assertThat(StackDigest.compute(repo, network, List.of(network), "1")).as("a file outside the repository is never read")
                .isEqualTo(linkedChanged);
    }

    @Test
    void aLinkedDirectoryInsideTheRepositoryIsWalkedAndALoopEnds() throws IOException {
        write("shared/files/a.tf", "a\n");
        write("network/main.tf", "terraform {}\n");
        Files.createSymbolicLink(repo.resolve("network/files"), Path.of("../shared/files"));
        Files.createSymbolicLink(repo.resolve("shared/files/loop"), Path.of(".."));
        assertThat(labels("network")).contains("stack/files/a.tf", "stack/main.tf");
    }

    @Test
    void inAGitCheckoutOnlyTrackedFilesCount() throws Exception {
        assumeTrue(gitAvailable(), "git is not on the PATH");
        write("app/Pulumi.yaml", "name: app\n");
        write("app/__main__.py", "import pulumi\n");
        write("network/main.tf", "module \"vpc\" {\n  source = \"../modules/vpc\"\n}\n");
        write("modules/vpc/main.tf", "resource \"a\" \"b\" {}\n");
        write("shared/provider.tf", "provider \"aws\" {}\n");
        Files.createSymbolicLink(repo.resolve("network/provider.tf"), Path.of("../shared/provider.tf"));
        git("init", "-q");
        git("add", "-A");
        // left untracked: a build product and a scratch file the walk would have counted
        write("app/__main__.pyc", "compiled");
        write("app/notes.txt", "scratch");
        write("network/terraform.tfvars.local", "scratch");
        write("modules/vpc/scratch.tf", "scratch");

        assertThat(labels("app")).containsExactly("stack/Pulumi.yaml", "stack/__main__.py");
        assertThat(contents("network")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "stack/main.tf", StackFiles.Content.FILE,
                "stack/provider.tf", StackFiles.Content.FILE,
                "module/modules/vpc/main.tf", StackFiles.Content.FILE));

        StackConfig network = StackDigestTest.stackAt("network");
        String before = StackDigest.compute(repo, network, List.of(network), "1");
        write("network/another-scratch.tf", "x");
        assertThat(StackDigest.compute(repo, network, List.of(network), "1")).isEqualTo(before);
        write("modules/vpc/main.tf", "resource \"a\" \"c\" {}\n");
        assertThat(StackDigest.compute(repo, network, List.of(network), "1")).as("a tracked file's working copy counts")
                .isNotEqualTo(before);
    }

    @Test
    void referencedModulesAreFollowedTransitivelyOnce() throws IOException {
        write("network/main.tf", "module \"vpc\" {\n  source = \"../modules/vpc\"\n}\n");
        write("modules/vpc/main.tf", "module \"s\" {\n  source = \"./subnet\"\n}\nmodule \"back\" {\n  source = \"../vpc\"\n}\n");
        write("modules/vpc/subnet/main.tf", "x\n");
        assertThat(StackFiles.referencedModules(repo.resolve("network")))
                .containsExactly(repo.resolve("modules/vpc").toAbsolutePath().normalize(),
                        repo.resolve("modules/vpc/subnet").toAbsolutePath().normalize());
    }
}
