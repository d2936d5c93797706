package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.Fixtures;
import io.stackdrift.testing.Tries;

class TerraformDiagnosticsTest {
    @TempDir
    Path dir;

    private Path stream(final String... lines) throws IOException {
        Path file = Files.createTempFile(dir, "stream", ".jsonl");
        // getBytes replaces what UTF-8 cannot encode (a lone surrogate of a generated string)
        Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        return file;
    }

    private static String diagnostic(final String severity, final String summary, final String detail, final String where) {
        return "{\"@level\":\"" + (severity.equals("error") ? "error" : "warn") + "\",\"@message\":\"Error: " + summary
                + " " + detail + "\",\"type\":\"diagnostic\",\"diagnostic\":{\"severity\":\"" + severity + "\",\"summary\":\""
                + summary + "\",\"detail\":\"" + detail + "\"" + where + "}}";
    }

    @Test
    void theFirstErrorIsItsSummaryAndWhereNeverItsDetail() throws IOException {
        Path file = stream("{\"@level\":\"info\",\"type\":\"version\",\"terraform\":\"1.11.4\",\"ui\":\"1.2\"}",
                diagnostic("warning", "Deprecated attribute", "s3cr3t-warning", ""),
                diagnostic("error", "Invalid value for variable", "The value s3cr3t-detail is not allowed.",
                        ",\"range\":{\"filename\":\"main.tf\",\"start\":{\"line\":12,\"column\":3}},"
                                + "\"snippet\":{\"code\":\"  x = s3cr3t-snippet\",\"values\":[{\"traversal\":\"var.x\","
                                + "\"statement\":\"is s3cr3t-value\"}]}"),
                diagnostic("error", "Second", "s3cr3t-2", ""));

        assertThat(TerraformDiagnostics.firstError(file)).contains("Invalid value for variable (main.tf:12)");
    }

    /** Terraform 1.11.4's own line when app reads network's state before network was ever deployed. */
    @Test
    void aRemoteStateNobodyWroteYetSaysToDeployItsStackFirstOrDeclareDependsOn() throws IOException {
        Path file = stream("{\"@level\":\"error\",\"@message\":\"Error: Unable to find remote state\",\"@module\":\"terraform.ui"
                + "\",\"@timestamp\":\"2026-12-07T05:18:49.399916Z\",\"diagnostic\":{\"severity\":\"error\",\"summary\""
                + ":\"Unable to find remote state\",\"detail\":\"No stored state was found for the given workspace in t"
                + "he given backend.\",\"address\":\"data.terraform_remote_state.network\",\"range\":{\"filename\":\"ma"
                + "in.tf\",\"start\":{\"line\":1,\"column\":41,\"byte\":40},\"end\":{\"line\":1,\"column\":42,\"byte\":"
                + "41}},\"snippet\":{\"context\":\"data \\\"terraform_remote_state\\\" \\\"network\\\"\",\"code\":\"dat"
                + "a \\\"terraform_remote_state\\\" \\\"network\\\" {\",\"start_line\":1,\"highlight_start_offset\":40,"
                + "\"highlight_end_offset\":41,\"values\":[]}},\"type\":\"diagnostic\"}");

        assertThat(TerraformDiagnostics.firstError(file)).contains("Unable to find remote state (main.tf:1); "
                + TerraformDiagnostics.REMOTE_STATE_HINT);
        assertThat(TerraformDiagnostics.REMOTE_STATE_HINT).contains("deploy the stack that writes this state first", "dependsOn");
    }

    @Test
    void withoutARangeTheAddressSaysWhereItsQuotedKeyMasked() throws IOException {
        Path file = stream(diagnostic("error", "Error creating user", "s3cr3t",
                ",\"address\":\"aws_iam_user.u[\\\"alice-s3cr3t\\\"]\""));

        assertThat(TerraformDiagnostics.firstError(file)).contains("Error creating user (aws_iam_user.u[\"\u2026\"])");
    }

    @Test
    void aQuotedValueInTheSummaryIsMasked() throws IOException {
        Path file = stream(diagnostic("error", "invalid value \\\"s3cr3t\\\" for x", "d", ""));

        assertThat(TerraformDiagnostics.firstError(file)).contains("invalid value \"\u2026\" for x");
    }

    @Test
    void noErrorDiagnosticNoReason() throws IOException {
        assertThat(TerraformDiagnostics.firstError(stream(diagnostic("warning", "w", "d", "")))).isEmpty();
        // text, as a tool prints on a flag error before its JSON view starts: nothing of it is taken
        assertThat(TerraformDiagnostics.firstError(stream("Error: invalid value s3cr3t for x"))).isEmpty();
        assertThat(TerraformDiagnostics.firstError(stream("{\"type\":\"diagnostic\",\"diagnostic\":{\"severity\":\"error\""))).isEmpty();
        assertThat(TerraformDiagnostics.firstError(dir.resolve("missing.jsonl"))).isEmpty();
    }

    @Test
    void theRealErrorStreamsGiveTheirSummaryAndWhere() {
        assertThat(TerraformDiagnostics.firstError(Fixtures.terraform("invalid-reference/plan-stream.jsonl")))
                .contains("Reference to undeclared resource (main.tf:3)");
        // the snippet of this one quotes the value the precondition tested: it is never taken
        assertThat(TerraformDiagnostics.firstError(Fixtures.terraform("errored/plan-stream.jsonl")))
                .contains("Resource precondition failed (main.tf:16)");
        // no range: the summary alone
        assertThat(TerraformDiagnostics.firstError(Fixtures.terraform("lifecycle/3-stale.apply-stream.jsonl")))
                .contains("Saved plan is stale");
        assertThat(TerraformDiagnostics.firstError(Fixtures.terraform("lifecycle/2-changes.plan-stream.jsonl")))
                .as("a warning diagnostic only").isEmpty();
    }

    @Test
    void theGenuineTerraformCloudErrorStreamGivesItsSummary() {
        assertThat(TerraformDiagnostics.firstError(Fixtures.fixture("terraform/tfc-plan-json-error.plan-stream.jsonl")))
                .hasValueSatisfying(reason -> assertThat(reason).matches("[A-Z][^\\n]+ \\([^)]+:\\d+\\)"));
    }

    @Test
    void aReasonIsAlwaysOneBoundedLine() {
        Tries.check(300, gen -> {
            Path file = stream(diagnostic("error", gen.string(0, 600).replace("\\", "").replace("\"", ""), "d",
                    ",\"range\":{\"filename\":\"" + gen.string(0, 300).replace("\\", "").replace("\"", "") + "\"}"));
            TerraformDiagnostics.firstError(file).ifPresent(reason -> {
                assertThat(reason).doesNotContain("\n", "\r");
                assertThat(reason.length()).isLessThanOrEqualTo(FailureReasons.MAX_LENGTH + 1);
            });
        });
    }
}
