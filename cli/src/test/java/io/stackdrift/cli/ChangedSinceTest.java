package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/**
 * {@code check --push --changed-since REF} with a real git repository: the demo in a subdirectory of it, a branch that
 * changed one stack's file, a change not committed in another, a new file in a third, and a change outside the root.
 */
@PosixOnly
class ChangedSinceTest {
    @TempDir
    Path dir;

    private static String git(final Path where, final String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=test", "-c", "user.email=test@example.com",
                "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(where.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }

    /** The demo at {@code dir/demo} in a repository at {@code dir}, committed on main, then a branch with changes. */
    private DemoRepo repository() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Files.writeString(dir.resolve(".gitignore"), ".terraform/\n.pulumi/\n.record/\n");
        Files.writeString(dir.resolve("outside.txt"), "x\n");
        git(dir, "init", "-q");
        git(dir, "add", "-A");
        git(dir, "commit", "-q", "-m", "first");
        git(dir, "checkout", "-q", "-b", "feature");
        Files.writeString(demo.root.resolve("dns/main.tf"), Files.readString(demo.root.resolve("dns/main.tf")) + "\n# changed\n");
        Files.writeString(dir.resolve("outside.txt"), "y\n");
        git(dir, "commit", "-q", "-am", "dns changed");
        // after the fork, main moves on: REF...HEAD leaves main's own commits out
        git(dir, "checkout", "-q", "main");
        Files.writeString(demo.root.resolve("network/main.tf"), Files.readString(demo.root.resolve("network/main.tf")) + "\n# main\n");
        git(dir, "commit", "-q", "-am", "network on main");
        git(dir, "checkout", "-q", "feature");
        return demo;
    }

    @Test
    void theFilesAreWhatHeadChangedSinceTheForkAndWhatIsNotCommittedRelativeToTheRoot() throws Exception {
        DemoRepo demo = repository();
        assertThat(GitChanges.since("main", demo.root)).containsExactly("dns/main.tf");

        Files.writeString(demo.root.resolve("platform/Pulumi.yaml"), Files.readString(demo.root.resolve("platform/Pulumi.yaml")) + "\n");
        Files.writeString(demo.root.resolve("app/new-file.ts"), "// new\n");
        Files.createDirectories(demo.root.resolve("app/.terraform"));
        Files.writeString(demo.root.resolve("app/.terraform/ignored"), "ignored\n");

        assertThat(GitChanges.since("main", demo.root)).containsExactlyInAnyOrder("dns/main.tf", "platform/Pulumi.yaml", "app/new-file.ts");
    }

    @Test
    void aPushCheckPreviewsTheStacksWhoseFilesChangedSinceTheRef() throws Exception {
        DemoRepo demo = repository();
        demo.run("check", "--stacks", "dns,platform:prod");

        DemoRepo.Result push = demo.run("check", "--push", "--changed-since", "main", "--json");

        assertThat(push.exit()).as(push.err()).isEqualTo(ExitCodes.CHANGES);
        JsonNode rows = new ObjectMapper().readTree(push.out()).get("rows");
        assertThat(rows.get(0).get("id").asText()).isEqualTo("dns");
        assertThat(rows.get(0).get("state").asText()).isEqualTo("pending");
        assertThat(push.err()).contains("previewing dns (terraform): its files changed").doesNotContain("previewing network");
    }

    @Test
    void anUnknownRefOrNoRepositoryIsOneLineThatSaysWhatToDo(@TempDir final Path plain) throws Exception {
        DemoRepo demo = repository();

        DemoRepo.Result unknown = demo.run("check", "--push", "--changed-since", "no-such-branch");
        assertThat(unknown.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(unknown.err().lines()).containsExactly("stackdrift: --changed-since no-such-branch: git knows no commit of that name; "
                + "fetch it first (git fetch origin main; a shallow clone needs the history back to where HEAD forked from it), or name "
                + "another");

        assertThatThrownBy(() -> GitChanges.since("--output=/tmp/x", demo.root)).isInstanceOf(CliFailure.class)
                .hasMessageContaining("is not a git ref");

        DemoRepo elsewhere = DemoRepo.copyTo(plain);
        DemoRepo.Result none = elsewhere.run("check", "--push", "--changed-since", "main", "--json");
        assertThat(none.exit()).isEqualTo(ExitCodes.ERROR);
        JsonNode error = new ObjectMapper().readTree(none.out()).get("error");
        assertThat(error.get("message").asText()).startsWith("the repository root " + elsewhere.root + " is not inside a git work tree");
        assertThat(error.get("hint").asText()).isEqualTo("run in a git checkout, or list the changed files with --changed");
        assertThat(error.get("option").asText()).isEqualTo("--changed-since");
    }

    @Test
    void changedSinceNeedsPush() throws Exception {
        DemoRepo demo = repository();
        assertThat(demo.run("check", "--changed-since", "main").err()).contains("--changed-since needs --push");
    }
}
