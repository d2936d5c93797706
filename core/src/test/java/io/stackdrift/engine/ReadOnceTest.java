package io.stackdrift.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.DeployMode;
import io.stackdrift.testing.Requests;

/** A host that inspected the configuration hands it to the run, which does not read the file again. */
class ReadOnceTest {
    @TempDir
    Path repo;

    @Test
    void aRunOnAnInspectionUsesWhatWasReadAndOnlyForTheSameFile() throws Exception {
        Path config = repo.resolve("stacks.yaml");
        Files.writeString(config, "stacks:\n  - dir: one\n");
        Files.createDirectories(repo.resolve("one"));
        Files.writeString(repo.resolve("one/main.tf"), "");
        Inspection read = StackDriftEngine.inspect(config, repo, List.of());
        assertThat(read.valid()).isTrue();
        Files.writeString(config, "drift: true\n");
        RunRequest same = Requests.manual(config, "1").toBuilder().mode(DeployMode.REHEARSAL).build();
        assertThat(read.configurationFor(same)).isPresent();
        assertThat(StackDriftEngine.inspect(config, repo, List.of()).valid()).isFalse();

        RunRequest other = Requests.manual(repo.resolve("other.yaml"), "1");
        assertThat(read.configurationFor(other)).isEmpty();
    }
}
