package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Tries;

class FailureReasonTest {
    @Test
    void takesTerraformsFirstErrorOutOfItsColouredFrame() {
        String stderr = "\n\u001B[31m\u2577\u001B[0m\u001B[0m\n\u001B[31m\u2502\u001B[0m \u001B[0m\u001B[1m\u001B[31mError: "
                + "\u001B[0m\u001B[0m"
                + "\u001B[1mSaved plan is stale\u001B[0m\n\u001B[31m\u2502\u001B[0m \u001B[0m\n\u001B[31m\u2502\u001B[0m \u001B[0mThe "
                        + "given plan file "
                + "can no longer be applied.\n\u001B[31m\u2575\u001B[0m\u001B[0m\n\u2502 Error: second\n";
        assertThat(FailureReason.firstError(stderr)).isEqualTo("Error: Saved plan is stale");
    }

    @Test
    void takesTerraformsUnprefixedMissingWorkspaceLine() {
        // stderr of "terraform workspace select qa" (Terraform 1.11.4) when qa does not exist; it has no "Error:"
        String stderr = "\u001B[31m\nWorkspace \"qa\" doesn't exist.\n\nYou can create this workspace with the \"new\" subcommand \n"
                + "or include the \"-or-create\" flag with the \"select\" subcommand.\u001B[0m\u001B[0m\n";
        assertThat(FailureReason.firstError(stderr)).isEqualTo("Workspace \"\u2026\" doesn't exist.");
        // only that exact shape: another unprefixed line is still never taken
        assertThat(FailureReason.firstError("Workspace \"qa\" has password hunter2\n")).isEmpty();
    }

    @Test
    void takesPulumisErrorLineWithoutMarkup() {
        String stderr = "Updating (prod):\n<{%fg 1%}>error: <{%reset%}>no stack named 'prod' found\n";
        assertThat(FailureReason.firstError(stderr)).isEqualTo("error: no stack named '\u2026' found");
    }

    @Test
    void withoutAnErrorLineNoLineIsTaken() {
        // log output, panic dumps and a program's prints can be values or secrets
        assertThat(FailureReason.firstError("panic: runtime error\nTF_VAR_db_password=hunter2\n")).isEmpty();
        assertThat(FailureReason.firstError("starting\npanic: runtime error\n\n")).isEmpty();
        assertThat(FailureReason.firstError("2026-11-29T19:52:00.000Z [DEBUG] provider: password=hunter2\n")).isEmpty();
        assertThat(FailureReason.firstError("")).isEmpty();
    }

    @Test
    void anErrorLineQuotingAValueDoesNotShowIt() {
        assertThat(FailureReason.firstError("\u2502 Error: invalid value \"hunter2\" for x\n"))
                .isEqualTo("Error: invalid value \"\u2026\" for x");
        assertThat(FailureReason.firstError("error: can't parse `hunter2 is the password\n"))
                .isEqualTo("error: can't parse `\u2026");
    }

    @Test
    void withoutAnErrorLineTheReasonIsTheExitCodeAndWhereToLook() {
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
            String reason = FailureReason.firstError(gen.string(0, 2000));
            assertThat(reason).doesNotContain("\n", "\r");
            assertThat(reason.length()).isLessThanOrEqualTo(FailureReason.MAX_LENGTH);
        });
    }
}
