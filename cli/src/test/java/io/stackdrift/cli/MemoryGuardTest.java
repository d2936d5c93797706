package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The guard in a JVM of its own under a small heap cap: it stops the command with its line before the heap runs out. */
class MemoryGuardTest {
    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseSerialGC", "-XX:+UseG1GC", "-XX:+UseParallelGC"})
    void aRunThatHoldsEverMoreIsStoppedWithOneLineBeforeItRunsOut(final String collector) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process probe = new ProcessBuilder(List.of(java, "-Xmx48m", collector, "-cp", System.getProperty("java.class.path"),
                MemoryGuardProbe.class.getName())).redirectErrorStream(true).start();
        String out = read(probe);

        assertThat(probe.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(out).startsWith("stopped: the memory is running out (the heap stays over 85 % full after collecting, of ")
                .contains("Give Java more (STACKDRIFT_JAVA_OPTS=-Xmx...)")
                .doesNotContain("out of memory");
        assertThat(probe.exitValue()).isZero();
    }

    private static String read(final Process process) throws IOException {
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
