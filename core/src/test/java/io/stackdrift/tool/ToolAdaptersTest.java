package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Tool;
import io.stackdrift.plan.PlanSummary;
import io.stackdrift.plan.TerraformPlanReader;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.Fixtures;

class ToolAdaptersTest {
    private final ProcessRunner runner = spec -> ProcessResult.exited(0, spec.stdoutFile(), "");
    private final PlanReading reading = (tool, purpose, file) -> PlanSummary.failure("unused");
    private final StackReferenceResolver references = (names, project, stack, known) -> List.of();

    @Test
    void terraformAndTofuShareTheTerraformAdapter() {
        assertThat(ToolAdapters.forTool(Tool.TERRAFORM, ToolSettings.defaults(), runner, reading, references))
                .isInstanceOf(TerraformAdapter.class);
        assertThat(ToolAdapters.forTool(Tool.TOFU, ToolSettings.defaults(), runner, reading, references))
                .isInstanceOf(TerraformAdapter.class);
    }

    @Test
    void pulumiHasItsOwn() {
        assertThat(ToolAdapters.forTool(Tool.PULUMI, ToolSettings.defaults(), runner, reading, references))
                .isInstanceOf(PulumiAdapter.class);
    }

    @Test
    void eachCallMakesAFreshAdapterForAFreshRun() {
        assertThat(ToolAdapters.forTool(Tool.TOFU, ToolSettings.defaults(), runner, reading, references))
                .isNotSameAs(ToolAdapters.forTool(Tool.TOFU, ToolSettings.defaults(), runner, reading, references));
    }

    @Test
    void terraformFilesAreReadByTheTerraformReaderWhateverThePurpose() {
        for (PlanPurpose purpose : PlanPurpose.values()) {
            assertThat(ToolAdapters.readerFor(Tool.TOFU, purpose, Path.of("plan.json"))).isInstanceOf(TerraformPlanReader.class);
        }
    }

    @Test
    void aPulumiDigestIsReadAsTheKindThePurposeNames() {
        Path digest = Fixtures.shared().resolve("fixtures/pulumi/stratify-preview-update.preview.json");

        PlanSummary preview = ToolAdapters.planReading().read(Tool.PULUMI, PlanPurpose.PREVIEW, digest);
        PlanSummary check = ToolAdapters.planReading().read(Tool.PULUMI, PlanPurpose.DRIFT_CHECK, digest);

        assertThat(preview.failed()).isFalse();
        assertThat(preview.changes()).isNotEmpty();
        assertThat(preview.drift()).isEmpty();
        assertThat(check.drift()).as("a refresh digest lists drift").hasSameSizeAs(preview.changes());
        assertThat(check.changes()).isEmpty();
    }
}
