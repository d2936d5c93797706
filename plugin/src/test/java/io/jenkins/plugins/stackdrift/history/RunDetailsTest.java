package io.jenkins.plugins.stackdrift.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import hudson.AbortException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The copy of the agent's record file into the build: bounded, atomic. */
class RunDetailsTest {
    @TempDir
    Path dir;

    private File buildDir() throws IOException {
        return Files.createDirectories(dir.resolve("build")).toFile();
    }

    @Test
    void aRecordWithinTheLimitIsStoredWhole() throws Exception {
        File build = buildDir();
        RunDetails.store(out -> out.write("{\"ok\":true}".getBytes(StandardCharsets.UTF_8)), build, 11);
        assertThat(new File(build, RunDetails.FILE_NAME)).hasContent("{\"ok\":true}");
    }

    @Test
    void aRecordPastTheLimitIsNotKeptAndTheStepIsToldWhyAndHowToChangeIt() throws Exception {
        File build = buildDir();
        // an agent that never stops sending: the copy stops at the limit
        RunDetails.Source endless = out -> {
            byte[] chunk = new byte[4096];
            for (int i = 0; i < 100_000; i++) {
                out.write(chunk);
            }
        };

        assertThatThrownBy(() -> RunDetails.store(endless, build, 2 * 1024 * 1024)).isInstanceOf(AbortException.class)
                .hasMessageContaining("the run record the agent left").hasMessageContaining("longer than 2 MB")
                .hasMessageContaining(RunDetails.class.getName() + ".maxRecordBytes");
        try (var files = Files.list(build.toPath())) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void theOverflowIsToldApartWhenTheChannelWrapsWhatTheStreamThrew() throws Exception {
        // FilePath.copyTo over remoting reports the writer's failure as an IOException of its own
        RunDetails.Source wrapping = out -> {
            try {
                writeMany(out);
            } catch (IOException e) {
                throw new IOException("remote copy failed", e);
            }
        };
        assertThatThrownBy(() -> RunDetails.store(wrapping, buildDir(), 1024)).isInstanceOf(AbortException.class)
                .hasMessageContaining("longer than");
    }

    @Test
    void theDefaultLimitIsFarAboveARealRecord() {
        assertThat(RunDetails.MAX_RECORD_BYTES).isGreaterThanOrEqualTo(16L * 1024 * 1024);
    }

    private static void writeMany(final OutputStream out) throws IOException {
        for (int i = 0; i < 2048; i++) {
            out.write('x');
        }
    }
}
