package io.stackdrift.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.local.LocalProcessRunner;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.spi.ProcessResult;
import io.stackdrift.spi.ProcessRunner;
import io.stackdrift.spi.ToolSettings;
import io.stackdrift.testing.PosixOnly;

/**
 * The demo's simulated tools ({@code examples/demo/bin}) driven through the real adapters and process
 * runner: the command lines they are given are the ones they understand, their exit codes follow
 * {@code -detailed-exitcode}, and what they print has the real formats' shape.
 */
@PosixOnly
class DemoSimulationTest {
    private static final Path BIN = Paths.get("..", "examples", "demo", "bin").toAbsolutePath().normalize();

    @TempDir
    Path repo;

    private final ObjectMapper json = new ObjectMapper();
    private final List<Integer> exitCodes = new ArrayList<>();
    private final ProcessRunner recordingRunner = spec -> {
        ProcessResult result = new LocalProcessRunner().run(spec);
        exitCodes.add(result.exitCode());
        return result;
    };
    private final CannedPlanReading reading = new CannedPlanReading();
    private final ToolSettings settings = ToolSettings.defaults()
            .withExecutable(Tool.TOFU, BIN.resolve("tofu").toString())
            .withExecutable(Tool.TERRAFORM, BIN.resolve("terraform").toString())
            .withExecutable(Tool.PULUMI, BIN.resolve("pulumi").toString());

    @BeforeEach
    void stackDirectories() throws IOException {
        for (String dir : List.of("network", "dns", "platform", "app")) {
            Files.createDirectories(repo.resolve(dir));
        }
    }

    private static StackConfig stack(final String id, final Tool tool, final String dir, final String name) {
        return new StackConfig(StackId.of(id), tool, dir, name, List.of(), false, DriftSettings.defaults(), Duration.ZERO,
                Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    @Test
    void networkDriftsUntilItIsAppliedAndIsCleanAfter() throws Exception {
        StackConfig network = stack("network", Tool.TOFU, "network", "");
        ToolAdapter tofu = ToolAdapters.forTool(Tool.TOFU, settings, recordingRunner, reading, (n, p, s, k) -> List.of());
        Path work = repo.resolve(".work");

        StackPlan check = tofu.plan(new StackCall(network, repo, work, Map.of()), PlanPurpose.DRIFT_CHECK, Set.of(network.id()));
        assertThat(check.row().reason()).isEmpty();
        assertThat(exitCodes).containsExactly(0, 2, 0);
        JsonNode drift = json.readTree(reading.requests().get(0).file().toFile());
        assertThat(drift.path("format_version").asText()).isEqualTo("1.2");
        assertThat(drift.path("terraform_version").asText()).isEqualTo("1.8.3");
        assertThat(drift.path("resource_drift").findValuesAsText("address")).containsExactly("aws_autoscaling_group.web", "aws_vpc.main");
        assertThat(drift.has("resource_changes")).isFalse();
        assertThat(drift.path("prior_state").path("values").path("root_module").path("resources").findValuesAsText("provider_name"))
                .containsOnly("registry.opentofu.org/hashicorp/aws");

        Files.writeString(repo.resolve("network/stackdrift_override.tf"),
                "resource \"aws_autoscaling_group\" \"web\" {\n  lifecycle {\n    ignore_changes = [desired_capacity]\n  }\n}\n");
        StackPlan preview = tofu.plan(new StackCall(network, repo, work, Map.of()), PlanPurpose.PREVIEW, Set.of(network.id()));
        JsonNode planned = json.readTree(reading.requests().get(1).file().toFile());
        assertThat(planned.path("resource_changes").findValuesAsText("address"))
                .containsExactly("aws_autoscaling_group.web", "aws_subnet.public[0]", "aws_subnet.public[1]", "aws_vpc.main");
        assertThat(planned.path("resource_changes").findValues("actions")).extracting(actions -> actions.get(0).asText())
                .containsExactly("no-op", "no-op", "no-op", "update");

        assertThat(tofu.apply(new StackCall(network, repo, work, Map.of()), preview)).isEqualTo(ApplyResult.success());

        exitCodes.clear();
        tofu.plan(new StackCall(network, repo, work, Map.of()), PlanPurpose.DRIFT_CHECK, Set.of(network.id()));
        assertThat(exitCodes).containsExactly(0, 0, 0);
        assertThat(json.readTree(reading.requests().get(2).file().toFile()).has("resource_drift")).isFalse();
    }

    @Test
    void aPlanMadeBeforeAnApplyIsStale() throws Exception {
        StackConfig dns = stack("dns", Tool.TERRAFORM, "dns", "");
        ToolAdapter first = ToolAdapters.forTool(Tool.TERRAFORM, settings, recordingRunner, reading, (n, p, s, k) -> List.of());
        ToolAdapter second = ToolAdapters.forTool(Tool.TERRAFORM, settings, recordingRunner, reading, (n, p, s, k) -> List.of());
        StackPlan older = first.plan(new StackCall(dns, repo, repo.resolve(".work-a"), Map.of()), PlanPurpose.PREVIEW, Set.of(dns.id()));
        StackPlan newer = second.plan(new StackCall(dns, repo, repo.resolve(".work-b"), Map.of()), PlanPurpose.PREVIEW, Set.of(dns.id()));

        assertThat(second.apply(new StackCall(dns, repo, repo.resolve(".work-b"), Map.of()), newer).succeeded()).isTrue();
        assertThat(first.apply(new StackCall(dns, repo, repo.resolve(".work-a"), Map.of()), older))
                .isEqualTo(ApplyResult.failure("terraform apply failed: Saved plan is stale"));
    }

    @Test
    void dnsIsInSyncButHasAPendingTtlUpdate() throws Exception {
        StackConfig dns = stack("dns", Tool.TERRAFORM, "dns", "");
        ToolAdapter terraform = ToolAdapters.forTool(Tool.TERRAFORM, settings, recordingRunner, reading, (n, p, s, k) -> List.of());

        terraform.plan(new StackCall(dns, repo, repo.resolve(".work"), Map.of()), PlanPurpose.DRIFT_CHECK, Set.of(dns.id()));
        terraform.plan(new StackCall(dns, repo, repo.resolve(".work"), Map.of()), PlanPurpose.PREVIEW, Set.of(dns.id()));

        assertThat(exitCodes).containsExactly(0, 0, 0, 0, 2, 0);
        JsonNode preview = json.readTree(reading.requests().get(1).file().toFile());
        assertThat(preview.path("resource_changes").get(0).path("change").path("actions").get(0).asText()).isEqualTo("update");
        assertThat(preview.path("applyable").asBoolean()).isTrue();
        assertThat(preview.path("relevant_attributes").get(0).path("attribute").get(0).asText()).isEqualTo("ttl");
    }

    @Test
    void outputsSchemaAndVersionHaveTheRealShapes() throws Exception {
        StackConfig network = stack("network", Tool.TOFU, "network", "");
        ToolAdapter tofu = ToolAdapters.forTool(Tool.TOFU, settings, recordingRunner, reading, (n, p, s, k) -> List.of());

        OutputsResult outputs = tofu.outputs(new StackCall(network, repo, repo.resolve(".work"), Map.of()));
        ToolRun schema = tofu.providersSchema(new StackCall(network, repo, repo.resolve(".work"), Map.of()));

        assertThat(outputs.outputs()).extracting(StackOutput::name).containsExactly("flow_log_token", "subnet_ids", "vpc_id");
        assertThat(outputs.outputs()).filteredOn(StackOutput::sensitive).extracting(StackOutput::name).containsExactly("flow_log_token");
        JsonNode providers = json.readTree(schema.output().orElseThrow().toFile());
        assertThat(providers.path("format_version").asText()).isEqualTo("1.0");
        JsonNode aws = providers.path("provider_schemas").path("registry.opentofu.org/hashicorp/aws").path("resource_schemas");
        assertThat(aws.fieldNames()).toIterable()
                .containsExactly("aws_autoscaling_group", "aws_route53_record", "aws_subnet", "aws_vpc");
        assertThat(aws.path("aws_autoscaling_group").path("block").path("attributes").path("desired_capacity").path("computed").asBoolean())
                .isTrue();
        assertThat(tofu.version(new StackCall(network, repo, repo.resolve(".work"), Map.of()))).isEqualTo("1.8.3");
    }

    @Test
    void theAppPreviewReadsThePlatformStackAndUpMakesItClean() throws Exception {
        StackConfig app = stack("shop-app:prod", Tool.PULUMI, "app", "prod");
        List<List<String>> referenced = new ArrayList<>();
        ToolAdapter pulumi = ToolAdapters.forTool(Tool.PULUMI, settings, recordingRunner, reading, (names, project, stackName, known) -> {
            referenced.add(names);
            return List.of(StackId.of("platform:prod"));
        });
        reading.answer(CannedPlanReading.summary(List.of(), List.of(), List.of("acme/platform/prod")));

        StackPlan preview = pulumi.plan(new StackCall(app, repo, repo.resolve(".work"), Map.of()), PlanPurpose.PREVIEW, Set.of(app.id()));
        JsonNode digest = json.readTree(reading.requests().get(0).file().toFile());
        assertThat(digest.path("steps").findValuesAsText("op")).containsExactly("same", "refresh", "read", "update");
        assertThat(digest.path("steps").get(2).path("newState").path("inputs").path("name").asText()).isEqualTo("acme/platform/prod");
        assertThat(digest.path("changeSummary").path("update").asInt()).isEqualTo(1);
        assertThat(preview.row().dependsOn()).containsExactly(StackId.of("platform:prod"));
        assertThat(referenced).first().isEqualTo(List.of("acme/platform/prod"));
        assertThat(preview.planFile()).hasValueSatisfying(file -> assertThat(file).isRegularFile().content().contains("\"update\""));

        assertThat(pulumi.apply(new StackCall(app, repo, repo.resolve(".work"), Map.of()), preview)).isEqualTo(ApplyResult.success());
        pulumi.plan(new StackCall(app, repo, repo.resolve(".work"), Map.of()), PlanPurpose.DRIFT_CHECK, Set.of(app.id()));
        pulumi.plan(new StackCall(app, repo, repo.resolve(".work"), Map.of()), PlanPurpose.PREVIEW, Set.of(app.id()));
        assertThat(json.readTree(reading.requests().get(1).file().toFile()).path("steps").findValuesAsText("op")).containsOnly("refresh");
        assertThat(json.readTree(reading.requests().get(2).file().toFile()).path("steps").findValuesAsText("op"))
                .containsExactly("same", "refresh", "read");

        OutputsResult outputs = pulumi.outputs(new StackCall(app, repo, repo.resolve(".work"), Map.of()));
        assertThat(outputs.outputs()).filteredOn(StackOutput::sensitive).extracting(StackOutput::name).containsExactly("dbPassword");
        assertThat(pulumi.version(new StackCall(app, repo, repo.resolve(".work"), Map.of()))).isEqualTo("3.230.0");
    }

    @Test
    void theSimulatedUpRequiresItsUpdatePlanAndKeepsToIt() throws Exception {
        StackConfig app = stack("shop-app:prod", Tool.PULUMI, "app", "prod");
        ToolAdapter pulumi = ToolAdapters.forTool(Tool.PULUMI, settings, recordingRunner, reading, (n, p, s, k) -> List.of());

        StackPlan gone = pulumi.plan(new StackCall(app, repo, repo.resolve(".work"), Map.of()), PlanPurpose.PREVIEW, Set.of(app.id()));
        Files.delete(gone.planFile().orElseThrow());
        assertThat(pulumi.apply(new StackCall(app, repo, repo.resolve(".work"), Map.of()), gone).reason())
                .isEqualTo("no plan from this run; refusing to apply");

        StackPlan plan = pulumi.plan(new StackCall(app, repo, repo.resolve(".work"), Map.of()), PlanPurpose.PREVIEW, Set.of(app.id()));
        Files.writeString(plan.planFile().orElseThrow(), "{\"resourcePlans\":{}}");
        ApplyResult refused = pulumi.apply(new StackCall(app, repo, repo.resolve(".work"), Map.of()), plan);
        assertThat(refused.succeeded()).isFalse();
        // Pulumi's own words are on stderr and in the console log, never in the reason
        assertThat(refused.reason()).isEqualTo("pulumi up failed for stack prod with exit code 1 (an error; see the console log)");
    }

    @Test
    void anUnknownPulumiStackExitsWithStackNotFound() throws Exception {
        StackConfig platform = stack("platform:dev", Tool.PULUMI, "platform", "dev");
        ToolAdapter pulumi = ToolAdapters.forTool(Tool.PULUMI, settings, recordingRunner, reading, (n, p, s, k) -> List.of());

        StackPlan plan = pulumi.plan(new StackCall(platform, repo, repo.resolve(".work"), Map.of()), PlanPurpose.DRIFT_CHECK, Set.of());

        assertThat(exitCodes).containsExactly(6);
        assertThat(plan.row().reason())
                .isEqualTo("pulumi refresh --preview-only failed for stack dev with exit code 6 (stack not found; see the console log)");
    }
}
