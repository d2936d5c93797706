package io.stackdrift.durable;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.runner.StepDirectory;

/** {@code result.json} reads back as it was written, the next scheduled check's time included. */
class StepResultTest {
    @TempDir
    Path temp;

    @Test
    void aResultReadsBackFieldForField() throws Exception {
        StepDirectory dir = new StepDirectory(temp);
        StepResult written = new StepResult(Optional.empty(), false, 2, List.of("p"), List.of("w"), List.of("n"),
                Map.of("net", "sha256:a"), Set.of("old"), Set.of("dns"), Optional.of(Set.of("net", "dns")), Map.of("app", "pin"),
                Optional.of(Instant.parse("2026-12-07T12:15:00Z")));

        written.write(dir, Optional.empty());

        assertThat(StepResult.read(dir)).contains(written);
    }

    @Test
    void aResultWithoutANextCheckReadsBackWithout() throws Exception {
        StepDirectory dir = new StepDirectory(temp);
        StepResult written = StepResult.failed("no request");
        written.write(dir, Optional.empty());
        assertThat(StepResult.read(dir).orElseThrow().nextScheduledCheck()).isEmpty();
        assertThat(StepResult.read(dir)).contains(written);
    }
}
