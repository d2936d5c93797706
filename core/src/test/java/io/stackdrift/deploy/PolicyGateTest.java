package io.stackdrift.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.PolicyCheck;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessSpec;

/** The gate's verdicts from what the process runner reports, without starting a process. */
class PolicyGateTest {
    @TempDir
    Path root;

    private final StackConfig stack = new StackConfig(StackId.of("net"), Tool.TERRAFORM, "net", "", List.of(), false,
            DriftSettings.defaults(), Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
    private final PolicyCheck check = new PolicyCheck(List.of("conftest", "test"), PolicyCheck.OnDeny.HOLD, Duration.ofSeconds(9), false);

    private Path plan() throws IOException {
        return Files.writeString(root.resolve("plan.json"), "{}");
    }

    @Test
    void theCommandGetsThePlanTheStackAndItsDirectoryAndExitZeroPasses() throws Exception {
        AtomicReference<ProcessSpec> ran = new AtomicReference<>();
        PolicyGate gate = new PolicyGate(spec -> {
            ran.set(spec);
            return ProcessResult.exited(0, spec.stdoutFile(), "");
        }, root);

        PolicyGate.Verdict verdict = gate.check(stack, check, Optional.of(plan()), root.resolve("work"));

        assertThat(verdict.passed()).isTrue();
        assertThat(ran.get().command()).containsExactly("conftest", "test");
        assertThat(ran.get().timeout()).isEqualTo(Duration.ofSeconds(9));
        assertThat(ran.get().workingDir()).isEqualTo(root.resolve("net").toAbsolutePath());
        assertThat(ran.get().environment()).containsEntry(PolicyGate.PLAN_JSON, plan().toAbsolutePath().toString())
                .containsEntry(PolicyGate.STACK, "net")
                .containsEntry(PolicyGate.STACK_DIR, root.resolve("net").toAbsolutePath().toString());
    }

    @Test
    void aDenialsReasonIsTheFirstLinesEachCutShortAndAnEndlessLineIsNotReadWhole() throws Exception {
        PolicyGate gate = new PolicyGate(spec -> {
            Files.writeString(spec.stdoutFile(), "\n  FAIL - one\n" + "x".repeat(5_000_000) + "\nthree\nfour\nfive\nsix\n");
            return ProcessResult.exited(1, spec.stdoutFile(), "ignored when the output has lines");
        }, root);

        PolicyGate.Verdict verdict = gate.check(stack, check, Optional.of(plan()), root.resolve("work"));

        assertThat(verdict.outcome()).isEqualTo(PolicyGate.Outcome.DENIED);
        assertThat(verdict.reason()).startsWith("policy check refused the plan (exit 1): FAIL - one / " + "x".repeat(PolicyGate.LINE_LENGTH)
                + "…").hasSizeLessThan(PolicyGate.REASON_LINES * (PolicyGate.LINE_LENGTH + 4) + 60).doesNotContain("six");
    }

    @Test
    void withoutOutputTheReasonIsTheErrorsAndATimeoutSaysSo() throws Exception {
        PolicyGate denied = new PolicyGate(spec -> ProcessResult.exited(3, spec.stdoutFile(), "rego_parse_error: bad rule\n"), root);
        PolicyGate late = new PolicyGate(spec -> new ProcessResult(-1, spec.stdoutFile(), "", true, false), root);

        assertThat(denied.check(stack, check, Optional.of(plan()), root.resolve("w1")).reason())
                .isEqualTo("policy check refused the plan (exit 3): rego_parse_error: bad rule");
        PolicyGate.Verdict timedOut = late.check(stack, check, Optional.of(plan()), root.resolve("w2"));
        assertThat(timedOut.outcome()).isEqualTo(PolicyGate.Outcome.TIMED_OUT);
        assertThat(timedOut.reason()).isEqualTo("policy check timed out after 9s (policyCheck.timeout)");
    }

    @Test
    void aCheckThatCannotRunNeverPasses() throws Exception {
        PolicyGate refused = new PolicyGate(spec -> {
            throw new IOException("the controller refused to start a process for the agent");
        }, root);
        PolicyGate missing = new PolicyGate(spec -> new ProcessResult(-1, spec.stdoutFile(), "", false, true), root);

        assertThat(refused.check(stack, check, Optional.of(plan()), root.resolve("w1")).outcome()).isEqualTo(PolicyGate.Outcome.BROKEN);
        assertThat(missing.check(stack, check, Optional.of(plan()), root.resolve("w2")).reason())
                .isEqualTo("the policy check of net cannot run: conftest was not found on the PATH;"
                        + " fix policyCheck.command in stacks.yaml");
        assertThat(missing.check(stack, check, Optional.empty(), root.resolve("w3")).reason())
                .isEqualTo("the policy check of net cannot run: the tool kept no plan JSON for it");
    }
}
