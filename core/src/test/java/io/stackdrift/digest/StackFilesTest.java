package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.StackConfig;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.testing.PosixOnly;
import io.stackdrift.tool.GitFiles;

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

    /** Git's list through the process port, as a run asks for it; outside a checkout git says nothing and the disk is walked. */
    private FileLister git() {
        return new GitFiles(new LocalProcessRunner(), elsewhere.resolve("work"), Duration.ofMinutes(1))::filesUnder;
    }

    private List<String> labels(final String stackDir) throws IOException, InterruptedException {
        return StackFiles.entries(repo, repo.resolve(stackDir), Set.of(), git()).stream().map(StackFiles.Entry::label).toList();
    }

    private Map<String, StackFiles.Content> contents(final String stackDir) throws IOException, InterruptedException {
        Map<String, StackFiles.Content> out = new TreeMap<>();
        StackFiles.entries(repo, repo.resolve(stackDir), Set.of(), git()).forEach(e -> out.put(e.label(), e.content()));
        return out;
    }

    private String digest(final String stackDir) throws IOException, InterruptedException {
        StackConfig stack = StackDigestTest.stackAt(stackDir);
        return StackDigest.compute(repo, stack, List.of(stack), "1", git());
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
    void withoutGitTheWalkLeavesOutPythonAndDotnetLeftovers() throws Exception {
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
    void aLinkInsideTheRepositoryIsFollowedOneLeavingItCountsAsItsTargetText() throws Exception {
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

        String before = digest("network");
        write("shared/provider.tf", "provider \"aws\" { region = \"x\" }\n");
        String linkedChanged = digest("network");
        assertThat(linkedChanged).as("the linked file's content counts").isNotEqualTo(before);
        Files.writeString(elsewhere.resolve("secret.tf"), "changed outside\n");
        assertThat(digest("network")).as("a file outside the repository is never read").isEqualTo(linkedChanged);
    }

    @Test
    void aLinkedDirectoryInsideTheRepositoryIsWalkedAndALoopEnds() throws Exception {
        write("shared/files/a.tf", "a\n");
        write("network/main.tf", "terraform {}\n");
        Files.createSymbolicLink(repo.resolve("network/files"), Path.of("../shared/files"));
        Files.createSymbolicLink(repo.resolve("shared/files/loop"), Path.of(".."));
        assertThat(labels("network")).contains("stack/files/a.tf", "stack/main.tf");
    }

    @Test
    void inAGitCheckoutTheFilesGitListsCountAndEveryFileTheToolReadsIgnoredOrNot() throws Exception {
        assumeTrue(gitAvailable(), "git is not on the PATH");
        write("app/Pulumi.yaml", "name: app\n");
        write("app/__main__.py", "import pulumi\n");
        write("network/main.tf", "module \"vpc\" {\n  source = \"../modules/vpc\"\n}\n");
        write("modules/vpc/main.tf", "resource \"a\" \"b\" {}\n");
        write("shared/provider.tf", "provider \"aws\" {}\n");
        Files.createSymbolicLink(repo.resolve("network/provider.tf"), Path.of("../shared/provider.tf"));
        write(".gitignore", "*.pyc\nbuild/\nterraform.tfvars\n.stackdrift/\n");
        git("init", "-q");
        git("add", "-A");
        // ignored: a build product and a directory of output; untracked and not ignored: a new file
        write("app/__main__.pyc", "compiled");
        write("app/build/out.bin", "x");
        write("app/notes.txt", "scratch");
        // the tool reads these whether git ignores them or not
        write("network/terraform.tfvars", "cidr = \"10.0.0.0/16\"\n");
        write("modules/vpc/scratch.tf", "resource \"a\" \"c\" {}\n");
        write(".stackdrift/stacks.json", "{}");

        assertThat(labels("app")).containsExactly("stack/Pulumi.yaml", "stack/__main__.py", "stack/notes.txt");
        assertThat(contents("network")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "stack/main.tf", StackFiles.Content.FILE,
                "stack/provider.tf", StackFiles.Content.FILE,
                "stack/terraform.tfvars", StackFiles.Content.FILE,
                "module/modules/vpc/main.tf", StackFiles.Content.FILE,
                "module/modules/vpc/scratch.tf", StackFiles.Content.FILE));

        String before = digest("network");
        write("network/terraform.tfvars", "cidr = \"10.1.0.0/16\"\n");
        assertThat(digest("network")).as("a gitignored terraform.tfvars the tool reads counts").isNotEqualTo(before);
        String tfvars = digest("network");
        write("network/another.tf", "x");
        assertThat(digest("network")).as("a new untracked .tf counts").isNotEqualTo(tfvars);
        String app = digest("app");
        write("app/build/more.bin", "y");
        assertThat(digest("app")).as("what git ignores and no tool reads does not count").isEqualTo(app);
    }

    @Test
    void aSha256RepositoryIsListedByGitItself() throws Exception {
        assumeTrue(gitAvailable(), "git is not on the PATH");
        write("main.tf", "terraform {}\n");
        write("variables.tf", "variable \"x\" {}\n");
        write("outputs.tf", "output \"y\" { value = 1 }\n");
        git("init", "-q", "--object-format=sha256");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "three files");

        assertThat(labels(".")).containsExactly("stack/main.tf", "stack/outputs.tf", "stack/variables.tf");
    }

    @Test
    void aSplitIndexRepositoryListsEachFileOnce() throws Exception {
        assumeTrue(gitAvailable(), "git is not on the PATH");
        git("init", "-q");
        git("config", "core.splitIndex", "true");
        for (int i = 1; i <= 5; i++) {
            write("f" + i + ".tf", "# " + i + "\n");
        }
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "five files");
        write("f1.tf", "# changed\n");
        write("f6.tf", "# six\n");
        git("add", "f6.tf");
        write("scratch.tf", "# untracked\n");

        assertThat(labels(".")).containsExactly("stack/f1.tf", "stack/f2.tf", "stack/f3.tf", "stack/f4.tf", "stack/f5.tf",
                "stack/f6.tf", "stack/scratch.tf");
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
