package io.stackdrift.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.Fixtures;

class PlanReadersTest {
    @TempDir
    Path dir;

    /**
     * Every file of the project's own Terraform output and the reader the sniffing picks for it; the value is the
     * failure reason of the files that are not plans, empty for a plan.
     */
    static final Map<String, String> OWN_FORMATS = Map.ofEntries(
            Map.entry("checks/refresh-only.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("errored/plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("errored/plan.json", TerraformPlanReader.FORMAT),
            Map.entry("invalid-reference/plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("lifecycle/1-baseline.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("lifecycle/1-baseline.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("lifecycle/2-changes.apply-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("lifecycle/2-changes.output.json", TerraformPlanReader.FORMAT),
            Map.entry("lifecycle/2-changes.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("lifecycle/2-changes.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("lifecycle/3-stale.apply-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("lifecycle/4-destroy.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("lifecycle/4-destroy.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("nested-update/plan.json", TerraformPlanReader.FORMAT),
            Map.entry("new-stack/apply-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("new-stack/output.json", TerraformPlanReader.FORMAT),
            Map.entry("new-stack/plan-in-sync.json", TerraformPlanReader.FORMAT),
            Map.entry("new-stack/plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("new-stack/plan.json", TerraformPlanReader.FORMAT),
            Map.entry("new-stack/refresh-only-in-sync.json", TerraformPlanReader.FORMAT),
            Map.entry("new-stack/state.json", TerraformPlanReader.FORMAT),
            Map.entry("providers-schema.json", TerraformPlanReader.FORMAT),
            Map.entry("remote-state/app.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("remote-state/app.refresh-only.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("remote-state/app.refresh-only.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("version.json", TerraformPlanReader.FORMAT),
            Map.entry("workspace/plan.json", TerraformPlanReader.FORMAT));

    /** The own files that are not plans (or are failed ones), and the one line each read fails with. */
    static final Map<String, String> OWN_NOT_PLANS = Map.ofEntries(
            Map.entry("errored/plan-stream.jsonl", "Resource precondition failed"),
            Map.entry("errored/plan.json", "the plan errored (errored: true): the tool's error diagnostics say why"),
            Map.entry("invalid-reference/plan-stream.jsonl", "Reference to undeclared resource"),
            Map.entry("lifecycle/2-changes.apply-stream.jsonl", "an apply log (apply -json), not a plan"),
            Map.entry("lifecycle/2-changes.output.json", "not a Terraform/OpenTofu plan: it has no format_version"),
            Map.entry("lifecycle/3-stale.apply-stream.jsonl", "Saved plan is stale"),
            Map.entry("new-stack/apply-stream.jsonl", "an apply log (apply -json), not a plan"),
            Map.entry("new-stack/output.json", "not a Terraform/OpenTofu plan: it has no format_version"),
            Map.entry("new-stack/state.json", "a state (show -json of a state), not a plan: show the saved plan file instead"),
            Map.entry("providers-schema.json", "a provider schema (providers schema -json), not a plan"),
            Map.entry("version.json", "not a Terraform/OpenTofu plan: it has no format_version"));

    /** Every genuine third-party plan, stream and preview fixture in ../shared (provider schemas are not plans). */
    static final Map<String, String> FORMATS = Map.ofEntries(
            Map.entry("opentofu/cmdtest-plan.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("opentofu/equiv-drift_simple.apply-stream.json", TerraformStreamReader.FORMAT),
            Map.entry("opentofu/equiv-drift_simple.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("opentofu/equiv-simple_object_replace.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("pulumi/display-webserver-userdata.engine-events.jsonl", PulumiEventsReader.FORMAT),
            Map.entry("pulumi/lifecycle-MissingRead-preview.engine-events.jsonl", PulumiEventsReader.FORMAT),
            Map.entry("pulumi/lifecycle-RefreshBasics-all-preview.engine-events.jsonl", PulumiEventsReader.FORMAT),
            Map.entry("pulumi/lifecycle-StackReference-preview.engine-events.jsonl", PulumiEventsReader.FORMAT),
            Map.entry("pulumi/stratify-preview-creates.preview.json", PulumiDigestReader.FORMAT),
            Map.entry("pulumi/stratify-preview-update.preview.json", PulumiDigestReader.FORMAT),
            Map.entry("terraform/equiv-data_read.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/equiv-drift_refresh_only.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/equiv-drift_relevant_attributes.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/equiv-drift_simple.apply-stream.json", TerraformStreamReader.FORMAT),
            Map.entry("terraform/equiv-drift_simple.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/equiv-fully_populated_complex_update.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/equiv-local_provider_delete.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/equiv-simple_object_replace.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/showjson-conditions.refresh-only.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/showjson-plan-error.plan.json", TerraformPlanReader.FORMAT),
            Map.entry("terraform/tfc-apply-json-with-outputs.apply-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("terraform/tfc-plan-import-config-gen.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("terraform/tfc-plan-json-error.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("terraform/tfc-plan-json-full.plan-stream.jsonl", TerraformStreamReader.FORMAT),
            Map.entry("terraform/tfjson-120_basic.plan.json", TerraformPlanReader.FORMAT));

    @Test
    void everyOwnFileIsListedAndSniffedToItsFormatAndOnlyThePlansRead() {
        assertThat(Fixtures.terraformFiles()).containsExactlyInAnyOrderElementsOf(OWN_FORMATS.keySet());
        OWN_FORMATS.forEach((file, format) -> {
            PlanSummary summary = PlanReaders.sniffing().read(Fixtures.terraform(file));
            assertThat(PlanReaders.sniffing().read(Fixtures.terraform(file), new CountingSink()).format()).as(file).isEqualTo(format);
            assertThat(summary.failureReason()).as(file).isEqualTo(OWN_NOT_PLANS.getOrDefault(file, ""));
            assertThat(summary.failed()).as(file).isEqualTo(OWN_NOT_PLANS.containsKey(file));
        });
    }

    @Test
    void everySharedFixtureIsListedAndSniffedToItsFormat() throws IOException {
        Path fixtures = Fixtures.shared().resolve("fixtures");
        try (Stream<Path> files = Files.walk(fixtures)) {
            assertThat(files.filter(Files::isRegularFile).map(f -> fixtures.relativize(f).toString().replace('\\', '/'))
                    .filter(f -> !f.endsWith(".md") && !f.contains("providers-schema")))
                    .containsExactlyInAnyOrderElementsOf(FORMATS.keySet());
        }
        FORMATS.forEach((fixture, format) ->
                assertThat(PlanReaders.sniffing().read(Fixtures.fixture(fixture), new CountingSink()).format()).as(fixture)
                        .isEqualTo(format));
    }

    @Test
    void sniffedReadsGiveTheSameSummaryAsTheFormatReader() {
        Path plan = Fixtures.terraform("lifecycle/2-changes.plan.json");
        Path stream = Fixtures.terraform("lifecycle/2-changes.plan-stream.jsonl");

        assertThat(PlanReaders.sniffing().read(plan)).isEqualTo(new TerraformPlanReader().read(plan));
        assertThat(PlanReaders.sniffing().read(stream)).isEqualTo(new TerraformStreamReader().read(stream));
    }

    @Test
    void aProviderSchemaIsNotAPlan() {
        PlanSummary summary = PlanReaders.sniffing().read(Fixtures.terraform("providers-schema.json"));
        assertThat(summary.failed()).isTrue();
        assertThat(summary.failureReason()).isEqualTo("a provider schema (providers schema -json), not a plan");
    }

    @Test
    void badFilesFailWithAClearReason() throws IOException {
        assertThat(reason("")).isEqualTo("the file is empty");
        assertThat(reason("   \n")).isEqualTo("the file is empty");
        assertThat(reason("hello secret")).isEqualTo("the file is not valid JSON (line 1, column 1)");
        assertThat(reason("42")).contains("does not start with a JSON object or array");
        assertThat(reason("[1,2]")).contains("not of Terraform/OpenTofu UI messages");
        assertThat(reason("{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\""))
                .isEqualTo("the JSON ends early: the file is truncated");
        assertThat(reason("{}")).contains("no format_version");
        assertThat(PlanReaders.sniffing().read(dir.resolve("missing.json")).failureReason()).isEqualTo("the file does not exist");
        assertThat(reason("{\"format_version\":\"1.2\",\"x\":" + "[".repeat(500) + "]".repeat(500) + "}")).contains("nested too deeply");
        assertThat(reason("[" + "[".repeat(500) + "]".repeat(500) + "]")).contains("not of Terraform/OpenTofu UI messages");
        assertThat(reason("{\"format_version\":\"1.2\",\"x\":" + "9".repeat(5000) + "}")).contains("too long");
        // what the number is not, and where: never "nested too deeply"
        assertThat(reason("{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":\"a.b\",\"change\":{\"before\":{\"x\":NaN}}}]}"))
                .isEqualTo("the file is not valid JSON (line 1, column 89): NaN, Infinity and the like are no JSON numbers");
        assertThat(reason("{\"steps\":[{\"op\":\"update\",\"urn\":\"urn:pulumi:s::p::t::n\",\"newState\":{\"inputs\":{\"x\":NaN}}}]}"))
                .isEqualTo("the file is not valid JSON (line 1, column 85): NaN, Infinity and the like are no JSON numbers");
        assertThat(reason("{\"@level\":\"info\",\"type\":\"version\",\"terraform\":\"1.11.4\",\"ui\":\"1.2\"}\n{\"x\":NaN}\n"))
                .isEqualTo("the file is not valid JSON (line 2, column 9): NaN, Infinity and the like are no JSON numbers");
    }

    private String reason(final String content) throws IOException {
        Path file = Files.writeString(dir.resolve("f.json"), content);
        PlanSummary summary = PlanReaders.sniffing().read(file);
        assertThat(summary.failed()).isTrue();
        return summary.failureReason();
    }

    @Test
    void aTerraformPlanWhoseFirstKeyIsItsTimestampIsStillAPlan() throws IOException {
        Path plan = Files.writeString(dir.resolve("ts.json"), "{\"timestamp\":\"2026-01-01T00:00:00Z\",\"resource_changes\":[],"
                + "\"format_version\":\"1.2\"}");
        assertThat(PlanReaders.forFile(plan)).isInstanceOf(TerraformPlanReader.class);
        assertThat(PlanReaders.sniffing().read(plan).failed()).isFalse();
        Path events = Files.writeString(dir.resolve("ev.json"), "{\"timestamp\":1,\"sequence\":0,\"preludeEvent\":{}}");
        assertThat(PlanReaders.forFile(events)).isInstanceOf(PulumiEventsReader.class);
    }
}
