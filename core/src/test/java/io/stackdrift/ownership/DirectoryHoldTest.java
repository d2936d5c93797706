package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryHoldTest {
    @TempDir
    Path stack;

    @Test
    @SuppressWarnings("try") // held while the try holds it, never named in the body
    void askingWhoHoldsADirectoryLeavesTheHoldOfThisJvmInPlace() throws Exception {
        try (DirectoryHold held = DirectoryHold.tryHold(stack).orElseThrow()) {
            assertThat(DirectoryHold.tryHold(stack)).isEmpty();
            // a refusal names the holder; reading the lock file by its path and closing it would drop the POSIX lock
            assertThat(DirectoryHold.holderOf(stack)).isEqualTo("pid " + ProcessHandle.current().pid());

            assertThat(probe()).as("another process tries to hold the directory").isEqualTo("REFUSED");
        }
        assertThat(probe()).isEqualTo("HELD");
    }

    @Test
    void anotherProcessIsNamedByItsPid() throws Exception {
        assertThat(DirectoryHold.holderOf(stack)).isEqualTo("another run");
        Optional<DirectoryHold> hold = DirectoryHold.tryHold(stack);
        assertThat(hold).isPresent();
        hold.get().close();
    }

    private String probe() throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), DirectoryHoldProbe.class.getName(),
                stack.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }
}
