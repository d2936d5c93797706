package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

class StaleStepDirectoriesTest {
    @TempDir
    Path root;

    @Test
    void removesTheDirectoriesOfEarlierBuildsAndKeepsThisBuildsAndEverythingElse() throws IOException {
        Path temp = Files.createDirectories(root.resolve("ws@tmp"));
        Path earlier = Files.createDirectories(temp.resolve(StaleStepDirectories.stepDirectoryName("1", "deploy", "a")));
        Files.writeString(Files.createDirectories(earlier.resolve("plans/network")).resolve("plan.json"), "{}");
        Path oldSecrets = Files.createDirectories(temp.resolve("stack-drift-secrets-b"));
        Files.writeString(oldSecrets.resolve("key.pem"), "x");
        Path mine = Files.createDirectories(temp.resolve(StaleStepDirectories.stepDirectoryName("12", "check", "c")));
        Path shard = Files.createDirectories(temp.resolve(StaleStepDirectories.stepDirectoryName("12", "deploy", "d")));
        Path foreign = Files.createDirectories(temp.resolve("durable-1234"));

        int removed = new StaleStepDirectories("12").invoke(temp.toFile(), null);

        assertThat(removed).isEqualTo(2);
        assertThat(earlier).doesNotExist();
        assertThat(oldSecrets).doesNotExist();
        assertThat(mine).isDirectory();
        assertThat(shard).isDirectory();
        assertThat(foreign).isDirectory();
    }

    @Test
    void buildOneIsNotAPrefixOfBuildTwelve() throws IOException {
        Path temp = Files.createDirectories(root.resolve("ws@tmp"));
        Path twelve = Files.createDirectories(temp.resolve(StaleStepDirectories.stepDirectoryName("12", "check", "a")));

        assertThat(new StaleStepDirectories("1").invoke(temp.toFile(), null)).isEqualTo(1);
        assertThat(twelve).doesNotExist();
    }

    @Test
    @PosixOnly
    void neverFollowsASymbolicLinkOutOfTheTempDirectory() throws IOException {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.writeString(outside.resolve("keep.txt"), "keep");
        Path temp = Files.createDirectories(root.resolve("ws@tmp"));
        Path earlier = Files.createDirectories(temp.resolve(StaleStepDirectories.stepDirectoryName("3", "check", "a")));
        Files.createSymbolicLink(earlier.resolve("link"), outside);
        Path linkedStepDir = Files.createSymbolicLink(temp.resolve(StaleStepDirectories.stepDirectoryName("4", "x", "b")),
                outside);

        new StaleStepDirectories("5").invoke(temp.toFile(), null);

        assertThat(earlier).doesNotExist();
        assertThat(outside.resolve("keep.txt")).hasContent("keep");
        assertThat(linkedStepDir).isSymbolicLink();
    }

    @Test
    void aMissingTempDirectoryIsNothingToSweep() throws IOException {
        assertThat(new StaleStepDirectories("5").invoke(root.resolve("absent").toFile(), null)).isZero();
    }
}
