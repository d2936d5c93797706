package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.digest.FileLister;
import io.stackdrift.model.Row;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.tool.ApplyResult;
import io.stackdrift.tool.OutputsResult;
import io.stackdrift.tool.PlanPurpose;
import io.stackdrift.tool.StackCall;
import io.stackdrift.tool.StackPlan;
import io.stackdrift.tool.ToolAdapter;
import io.stackdrift.tool.ToolRun;

class ReplaceEvidenceTest {
    @TempDir
    Path root;

    /** Answers every probe with the given replace_paths (or a failure), and counts the probes. */
    private static final class Probing implements ToolAdapter {
        final List<PlanPurpose> probes = new ArrayList<>();
        final List<Boolean> overrideSeen = new ArrayList<>();
        Map<String, List<String>> replacePaths = Map.of("terraform_data.y", List.of("triggers_replace"));
        String failure = "";

        @Override
        public StackPlan replaceProbe(final StackCall call, final PlanPurpose purpose) {
            StackConfig stack = call.stack();
            probes.add(purpose);
            overrideSeen.add(Files.exists(call.directory().resolve(OverrideFile.FILE_NAME)));
            Row row = failure.isEmpty() ? Row.of(stack.id(), stack.tool(), stack.dir(), RowState.PENDING, "")
                    : Row.of(stack.id(), stack.tool(), stack.dir(), RowState.FAILED, failure);
            return new StackPlan(row, PlanPurpose.PREVIEW, Optional.empty(), "", replacePaths);
        }

        @Override
        public StackPlan plan(final StackCall call, final PlanPurpose purpose, final Set<StackId> knownStacks) {
            throw new AssertionError("a probe never makes the run's plan");
        }

        @Override
        public ApplyResult apply(final StackCall call, final StackPlan plan) {
            throw new AssertionError("a probe is never applied");
        }

        @Override
        public OutputsResult outputs(final StackCall call) {
            throw new AssertionError();
        }

        @Override
        public ToolRun providersSchema(final StackCall call) {
            throw new AssertionError();
        }

        @Override
        public String version(final StackCall call) {
            return "1.11.4";
        }
    }

    private StackCall call() {
        return new StackCall(stack(), root, root.resolve("work"), Map.of());
    }

    private static StackConfig stack() {
        return new StackConfig(StackId.of("owned"), Tool.TERRAFORM, "owned", "", List.of(), false, DriftSettings.defaults(),
                Duration.ZERO, Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    @Test
    void oneProbePerDigestAndANewOneWhenTheCodeChanges() throws Exception {
        Path dir = Files.createDirectories(root.resolve("owned"));
        Files.writeString(dir.resolve("main.tf"), "resource \"terraform_data\" \"y\" {}\n");
        ReplaceEvidence evidence = new ReplaceEvidence(List.of(stack()), FileLister.WALK);
        Probing adapter = new Probing();

        ReplaceEvidence.Found first = evidence.of(adapter, call(), PlanPurpose.DRIFT_CHECK);
        ReplaceEvidence.Found again = evidence.of(adapter, call(), PlanPurpose.PREVIEW);

        assertThat(first.failed()).isFalse();
        assertThat(first.replacePaths()).containsEntry("terraform_data.y", List.of("triggers_replace"));
        assertThat(again).isEqualTo(first);
        assertThat(adapter.probes).containsExactly(PlanPurpose.DRIFT_CHECK);

        Files.writeString(dir.resolve("main.tf"), "resource \"terraform_data\" \"y\" {\n  triggers_replace = [2]\n}\n");
        evidence.of(adapter, call(), PlanPurpose.PREVIEW);
        assertThat(adapter.probes).containsExactly(PlanPurpose.DRIFT_CHECK, PlanPurpose.PREVIEW);
        assertThat(adapter.overrideSeen).containsOnly(false);
    }

    @Test
    void aFailedProbeFailsClosedAndIsNotRemembered() throws Exception {
        Files.createDirectories(root.resolve("owned"));
        ReplaceEvidence evidence = new ReplaceEvidence(List.of(stack()), FileLister.WALK);
        Probing adapter = new Probing();
        adapter.failure = "terraform plan failed: Unsupported argument (main.tf:3)";

        ReplaceEvidence.Found failed = evidence.of(adapter, call(), PlanPurpose.PREVIEW);

        assertThat(failed.failed()).isTrue();
        assertThat(failed.failure()).isEqualTo("cannot check the ignore paths against replacements (rule 2 needs a plan without "
                + "them): terraform plan failed: Unsupported argument (main.tf:3)");
        adapter.failure = "";
        assertThat(evidence.of(adapter, call(), PlanPurpose.PREVIEW).failed()).isFalse();
        assertThat(adapter.probes).hasSize(2);
    }

    @Test
    void noProbeWhileAnOverrideFileIsInTheDirectory() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(root.resolve("owned"));
        Files.writeString(dir.resolve(OverrideFile.FILE_NAME), OverrideFile.HEADER + "\n");
        Probing adapter = new Probing();

        ReplaceEvidence.Found found = new ReplaceEvidence(List.of(stack()), FileLister.WALK)
                .of(adapter, call(), PlanPurpose.PREVIEW);

        assertThat(found.failure()).endsWith(OverrideFile.FILE_NAME + " is in owned");
        assertThat(adapter.probes).isEmpty();
    }
}
