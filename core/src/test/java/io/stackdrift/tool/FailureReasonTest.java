package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Tries;

class FailureReasonTest {
    @Test
    void withoutADiagnosticTheReasonIsTheExitCodeAndWhereToLook() {
        assertThat(FailureReason.exitCode("tofu plan", 139)).isEqualTo("tofu plan failed with exit code 139 (see the console log)");
    }

    @Test
    void notFoundSaysHowToFixIt() {
        assertThat(FailureReason.notFound("terraform", "terraform", false))
                .isEqualTo("terraform not found on PATH; install it or set the tool path");
        assertThat(FailureReason.notFound("tofu", "/opt/tofu", true))
                .isEqualTo("tofu not found at /opt/tofu; install it there or correct the tool path");
    }

    @Test
    void durationsReadLikeStacksYaml() {
        assertThat(FailureReason.timedOut("tofu plan", Duration.ofMinutes(10))).isEqualTo("tofu plan timed out after 10m");
        assertThat(FailureReason.words(Duration.ofSeconds(5400))).isEqualTo("1h30m");
        assertThat(FailureReason.words(Duration.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(FailureReason.words(Duration.ofDays(2))).isEqualTo("2d");
        assertThat(FailureReason.words(Duration.ofMillis(250))).isEqualTo("250ms");
    }

    @Test
    void aReasonIsAlwaysOneBoundedLine() {
        Tries.check(1000, gen -> {
            String reason = FailureReason.cut(gen.string(0, 2000));
            assertThat(reason).doesNotContain("\n", "\r");
            assertThat(reason.length()).isLessThanOrEqualTo(FailureReason.MAX_LENGTH);
        });
    }
}
