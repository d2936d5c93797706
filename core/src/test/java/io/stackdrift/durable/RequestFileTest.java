package io.stackdrift.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.runner.StepDirectory;

class RequestFileTest {
    @TempDir
    Path temp;

    private StepDirectory dir() {
        return new StepDirectory(temp);
    }

    private static EngineJob job() {
        return EngineJob.of(RunOperation.DEPLOY, Path.of("/agent/ws"), StepRequestTest.everyField())
                .withLockedStacks(Set.of("network")).withHeldElsewhere(Set.of("dns")).withGrace(Duration.ofSeconds(45));
    }

    @Test
    void aJobReadsBackAsItWasWrittenButForTheBuildEnvironmentAndTheValueKey() throws IOException {
        RequestFile.write(dir(), job());

        EngineJob read = RequestFile.read(dir());

        assertThat(read).isEqualTo(new EngineJob(job().operation(), job().workspace(),
                job().request().toBuilder().buildEnvironment(Map.of()).valueKey("").build(), Set.of("network"), Set.of("dns"),
                Duration.ofSeconds(45)));
    }

    @Test
    void noValueOfTheBuildEnvironmentAndNotTheValueKeyReachTheFile() throws IOException {
        RequestFile.write(dir(), job());

        assertThat(Files.readString(dir().request())).doesNotContain("s3cr3t").doesNotContain("TOKEN").doesNotContain("0a0b");
    }

    @Test
    void anotherFormatVersionIsAClearErrorThatSaysWhatToDo() throws IOException {
        RequestFile.write(dir(), job());
        Files.writeString(dir().request(), Files.readString(dir().request()).replace("\"format\" : 1", "\"format\" : 2"));

        assertThatThrownBy(() -> RequestFile.read(dir())).isInstanceOf(RequestFormatException.class)
                .hasMessageContaining("is of format 2; this engine reads format 1")
                .hasMessageContaining("different versions");
    }

    @Test
    void aMissingOrWrongFieldIsNamed() throws IOException {
        RequestFile.write(dir(), job());
        String written = Files.readString(dir().request());

        Files.writeString(dir().request(), written.replace("\"runId\"", "\"runID\""));
        assertThatThrownBy(() -> RequestFile.read(dir())).isInstanceOf(RequestFormatException.class)
                .hasMessageContaining("has no field \"runId\"");

        Files.writeString(dir().request(), written.replace("\"DESTROY\"", "\"DESTROYED\""));
        assertThatThrownBy(() -> RequestFile.read(dir())).isInstanceOf(RequestFormatException.class)
                .hasMessageContaining("\"kind\" cannot be \"DESTROYED\" (one of [DEPLOY, DESTROY])");

        Files.writeString(dir().request(), written.replace("\"REHEARSAL\"", "\"CORRECTION\""));
        assertThatThrownBy(() -> RequestFile.read(dir())).isInstanceOf(RequestFormatException.class)
                .hasMessageContaining("correction is a drift check's own mode");
    }

    @Test
    void aStepDirectoryWithoutARequestSaysSo() {
        assertThatThrownBy(() -> RequestFile.read(dir())).isInstanceOf(RequestFormatException.class)
                .hasMessageContaining("has no request.json");
    }
}
