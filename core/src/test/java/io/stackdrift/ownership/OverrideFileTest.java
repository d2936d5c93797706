package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Tool;
import io.stackdrift.record.ProcessOwner;

class OverrideFileTest {
    @TempDir
    Path stack;

    private Path override;

    @BeforeEach
    void module() throws IOException {
        Files.writeString(stack.resolve("main.tf"), """
                resource "aws_instance" "web" {
                  ami = "ami-1"
                }
                resource "aws_autoscaling_group" "asg" {
                  lifecycle {
                    create_before_destroy = true
                    ignore_changes = [load_balancers, tags["Team"]]
                  }
                }
                resource "aws_instance" "all" {
                  lifecycle { ignore_changes = all }
                }
                resource "aws_instance" "expr" {
                  lifecycle { ignore_changes = local.owned }
                }
                """);
        override = stack.resolve(OverrideFile.FILE_NAME);
    }

    private static List<IgnorePath> paths(final String... texts) {
        return Arrays.stream(texts).map(t -> IgnorePath.parse(t).orElseThrow()).toList();
    }

    private OverrideFile write(final String... texts) throws Exception {
        return OverrideFile.write(stack, paths(texts), ResourceScanner.scan(stack, Tool.TOFU));
    }

    @Test
    void writesIgnoreChangesMergedWithTheResourcesOwnListAndRemovesItOnClose() throws Exception {
        try (OverrideFile file = write("aws_instance.web.tags[\"Name\"]", "aws_instance.web[0].root_block_device[0].volume_size",
                "aws_autoscaling_group.asg.desired_capacity", "aws_autoscaling_group.asg.load_balancers",
                "aws_instance.all.tags")) {
            assertThat(file.path()).isEqualTo(override);
            assertThat(Files.readString(override)).startsWith(OverrideFile.HEADER + "\n").contains("""
                    resource "aws_instance" "web" {
                      lifecycle {
                        ignore_changes = [tags["Name"], root_block_device[0].volume_size]
                      }
                    }
                    """).contains("""
                    resource "aws_autoscaling_group" "asg" {
                      lifecycle {
                        ignore_changes = [load_balancers, tags["Team"], desired_capacity]
                      }
                    }
                    """).contains("""
                    resource "aws_instance" "all" {
                      lifecycle {
                        ignore_changes = all
                      }
                    }
                    """);
            // a second scan while the file exists must not take our own override for a user's one
            ResourceScanner.Result rescan = ResourceScanner.scan(stack, Tool.TOFU);
            assertThat(rescan.overriddenIgnoreChanges()).isEmpty();
            assertThat(rescan.resource("aws_instance.web").orElseThrow().ignoreChanges().form())
                    .isEqualTo(DeclaredResource.IgnoreChanges.Form.NONE);
        }
        assertThat(override).doesNotExist();
    }

    @Test
    void theFileIsRemovedWhenThePlanThrows() throws Exception {
        assertThatThrownBy(() -> {
            try (OverrideFile file = write("aws_instance.web.tags")) {
                assertThat(file.path()).exists();
                throw new IllegalStateException("plan crashed");
            }
        }).hasMessage("plan crashed");
        assertThat(override).doesNotExist();
    }

    @Test
    void anOwnIgnoreChangesThatIsNotAListIsRefusedNotReplaced() {
        assertThatThrownBy(() -> write("aws_instance.expr.tags"))
                .isInstanceOf(OverrideFile.RefusedException.class)
                .hasMessageContaining("aws_instance.expr (main.tf:13)").hasMessageContaining("plain list");
        assertThat(override).doesNotExist();
    }

    @Test
    void anotherOverrideFileSettingIgnoreChangesIsRefused() throws IOException {
        Files.writeString(stack.resolve("team_override.tf"),
                "resource \"aws_instance\" \"web\" {\n lifecycle { ignore_changes = [ami] }\n}\n");
        assertThatThrownBy(() -> write("aws_instance.web.tags")).isInstanceOf(OverrideFile.RefusedException.class)
                .hasMessageContaining("team_override.tf already sets lifecycle.ignore_changes");
    }

    @Test
    void aUsersFileOfTheSameNameIsNeverOverwrittenNorRemoved() throws Exception {
        Files.writeString(override, "# mine\n");
        assertThatThrownBy(() -> write("aws_instance.web.tags")).isInstanceOf(OverrideFile.RefusedException.class)
                .hasMessageContaining("was not written by Stack Drift");
        assertThat(OverrideFile.removeLeftovers(stack)).isFalse();
        assertThat(Files.readString(override)).isEqualTo("# mine\n");
    }

    @Test
    void noPathsWritesNoFile() throws Exception {
        try (OverrideFile file = write()) {
            assertThat(file.path()).doesNotExist();
        }
    }

    @Test
    void aKilledRunLeavesTheFileAndTheNextRunRemovesIt() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                OverrideFileChild.class.getName(), stack.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("written " + OverrideFile.FILE_NAME);
            assertThat(override).exists();
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
        // the killed process could not clean up
        assertThat(override).exists();
        Files.writeString(stack.resolve("." + OverrideFile.FILE_NAME + ".0000.tmp"), "half");

        assertThat(OverrideFile.removeLeftovers(stack)).isTrue();
        assertThat(override).doesNotExist();
        try (var files = Files.list(stack)) {
            // .terraform holds the directory lock (Terraform's own data directory)
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("main.tf", ".terraform");
        }
        assertThat(OverrideFile.removeLeftovers(stack)).isFalse();
    }

    @Test
    void aLiveRunsFileIsNeitherRemovedNorOverwrittenByAnotherRun() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                OverrideFileChild.class.getName(), stack.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("written " + OverrideFile.FILE_NAME);
            String live = Files.readString(override);

            // a second run starting now: the file is not a leftover, its owner is alive
            assertThat(OverrideFile.removeLeftovers(stack)).isFalse();
            assertThat(override).hasContent(live);
            assertThatThrownBy(() -> write("aws_instance.web.ami")).isInstanceOf(OverrideFile.RefusedException.class)
                    .hasMessageContaining("pid " + child.pid());
            assertThat(override).hasContent(live);
        } finally {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(OverrideFile.removeLeftovers(stack)).isTrue();
        assertThat(override).doesNotExist();
    }

    @Test
    void aLeftoverIsRecognisedByItsDeadOwnerNotByBeingThere() throws Exception {
        // the lock is free, but the file names a live process (pid 1 with its own start time): not a leftover
        String header = OverrideFile.HEADER + "\n" + OverrideFile.OWNER_PREFIX;
        Files.writeString(override, header + ProcessOwner.of(ProcessHandle.of(1).orElseThrow()).text() + "\n");
        assertThat(OverrideFile.removeLeftovers(stack)).isFalse();
        assertThat(override).exists();

        // pid 1 with another start time is a process that reused the pid: the owner is gone
        Files.writeString(override, header + "pid=1 started=12345\n");
        assertThat(OverrideFile.removeLeftovers(stack)).isTrue();
        assertThat(override).doesNotExist();
    }

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void twoRunsInOneJvmNeverShareTheFile() throws Exception {
        try (OverrideFile first = write("aws_instance.web.tags")) {
            String text = Files.readString(first.path());
            Future<Throwable> other = Executors.newSingleThreadExecutor().submit(() -> {
                try (OverrideFile second = write("aws_instance.web.ami")) {
                    return null;
                } catch (Exception e) {
                    return e;
                }
            });
            assertThat(other.get(10, TimeUnit.SECONDS)).isInstanceOf(OverrideFile.RefusedException.class);
            assertThat(OverrideFile.removeLeftovers(stack)).isFalse();
            assertThat(first.path()).hasContent(text);
        }
        try (OverrideFile again = write("aws_instance.web.ami")) {
            assertThat(again.path()).exists();
        }
    }
}
