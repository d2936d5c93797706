package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.stackdrift.model.Tool;
import io.stackdrift.plan.TerraformPlanReader;
import io.stackdrift.testing.Fixtures;

/**
 * The rules of docs/field-ownership.md against genuine {@code providers schema -json} output: Terraform 1.11.4's
 * built-in provider (the project's own file), and third-party provider schemas from ../shared (aws, grafana, the
 * OpenTofu test provider with a {@code nested_type}).
 */
class IgnoreEligibilityTest {
    @TempDir
    Path stack;

    private ResourceScanner.Result declarations;

    @BeforeEach
    void declare() throws IOException {
        Files.writeString(stack.resolve("main.tf"), """
                resource "aws_instance" "web" { ami = "x" }
                resource "aws_security_group" "sg" {}
                resource "aws_db_instance" "db" {}
                resource "grafana_apps_secret_securevalue_v1beta1" "s" {}
                resource "grafana_apps_generic_resource" "g" {}
                resource "test_instance" "t" {}
                resource "terraform_data" "x" { input = "one" }
                resource "terraform_data" "y" { triggers_replace = ["t1"] }
                """);
        declarations = ResourceScanner.scan(stack, Tool.TOFU);
    }

    private static ProviderSchemas schema(final String fixture, final String... types) throws IOException {
        Path file = BUILTIN.equals(fixture) ? Fixtures.terraform("providers-schema.json") : Fixtures.fixture("terraform/" + fixture);
        try (InputStream in = Files.newInputStream(file)) {
            return ProviderSchemas.read(in, Set.of(types));
        }
    }

    private IgnoreEligibility.Verdict check(final String fixture, final String path, final Map<String, List<String>> replace)
            throws IOException {
        String type = path.replaceAll("\\..*", "");
        return IgnoreEligibility.check(Tool.TERRAFORM, List.of(path), declarations, schema(fixture, type), replace);
    }

    /** The project's own: {@code terraform providers schema -json} of Terraform 1.11.4 (the built-in provider). */
    private static final String BUILTIN = "builtin";
    private static final String AWS = "schema-tfjson-basic-tf013.providers-schema.json";
    private static final String GRAFANA = "schema-grafana.providers-schema.json";
    private static final String TOFU = "schema-tofu-cmdtest-basic.providers-schema.json";

    @ParameterizedTest(name = "{1} → rule {2}")
    @CsvSource(delimiter = '|', value = {
        // fixture | path | rule broken (0 = accepted)
        BUILTIN + "| terraform_data.x.input                              | 0",
        BUILTIN + "| terraform_data.x.input.any.key                      | 0",
        BUILTIN + "| terraform_data.y.triggers_replace                   | 0",
        BUILTIN + "| terraform_data.x.id                                 | 2",
        BUILTIN + "| terraform_data.x.output                             | 0",
        BUILTIN + "| terraform_data.x.nope                               | 1",
        BUILTIN + "| terraform_data.z.input                              | 1",
        BUILTIN + "| data.terraform_remote_state.net.outputs             | 1",
        AWS + "| aws_instance.web.tags.Name                          | 0",
        AWS + "| aws_instance.web.tags[\"Name\"]                     | 0",
        AWS + "| aws_instance.web[0].tags.Name                       | 1",
        AWS + "| aws_instance.web[\"blue\"].tags                      | 1",
        AWS + "| aws_instance.web.root_block_device[0].volume_size   | 0",
        AWS + "| aws_instance.web.ebs_block_device                   | 0",
        AWS + "| aws_instance.web.timeouts.create                    | 0",
        AWS + "| aws_instance.web.arn                                | 0",
        AWS + "| aws_security_group.sg.ingress                       | 0",
        AWS + "| aws_db_instance.db.password                         | 0",
        AWS + "| aws_instance.web.root_block_device.volume_size      | 1",
        AWS + "| aws_instance.web.ebs_block_device[0].volume_size    | 1",
        AWS + "| aws_security_group.sg.ingress[0].cidr_blocks        | 1",
        AWS + "| aws_instance.web.ami.x                              | 1",
        AWS + "| aws_instance.web.no_such_attribute                  | 1",
        AWS + "| aws_instance.web                                    | 1",
        AWS + "| aws_instance.other.tags                             | 1",
        AWS + "| module.app.aws_instance.web.tags                    | 1",
        AWS + "| data.aws_ami.x.name                                 | 1",
        AWS + "| aws_instance.web.id                                 | 2",
        GRAFANA + "| grafana_apps_secret_securevalue_v1beta1.s.spec.description | 0",
        GRAFANA + "| grafana_apps_secret_securevalue_v1beta1.s.spec.value_hash  | 0",
        GRAFANA + "| grafana_apps_generic_resource.g.manifest.anything.goes    | 0",
        GRAFANA + "| grafana_apps_secret_securevalue_v1beta1.s.spec.value       | 3",
        GRAFANA + "| grafana_apps_secret_securevalue_v1beta1.s.spec             | 3",
        GRAFANA + "| grafana_apps_generic_resource.g.secure                     | 3",
        GRAFANA + "| grafana_apps_generic_resource.g.secure.token               | 3",
        TOFU + "| test_instance.t.volumes[0].size     | 0",
        TOFU + "| test_instance.t.volumes             | 0",
        TOFU + "| test_instance.t.ami                 | 0",
        TOFU + "| test_instance.t.volumes.size        | 1",
        TOFU + "| test_instance.t.volumes[0].nothing  | 1",
        TOFU + "| test_instance.t.id                  | 2"})
    void eachPathIsAcceptedOrRejectedByItsRule(final String fixture, final String path, final int rule) throws IOException {
        IgnoreEligibility.Verdict verdict = check(fixture.strip(), path.strip(), Map.of());
        if (rule == 0) {
            assertThat(verdict.rejections()).isEmpty();
            assertThat(verdict.accepted()).extracting(IgnorePath::text).containsExactly(path.strip());
        } else {
            assertThat(verdict.accepted()).isEmpty();
            assertThat(verdict.rejections()).singleElement().satisfies(r -> {
                assertThat(r.rule()).isEqualTo(rule);
                assertThat(r.format()).startsWith("ignore path '" + path.strip() + "' rejected (rule " + rule + "): ");
                assertThat(r.hint()).isNotBlank();
            });
        }
    }

    @Test
    void aPathTheRealPlanSaysForcesReplacementIsRejectedByRule2() throws IOException {
        // the schema does not say that triggers_replace forces a replacement; Terraform's plan does (replace_paths)
        Map<String, List<String>> replace = new TerraformPlanReader().read(Fixtures.terraform("lifecycle/2-changes.plan.json"))
                .replacePaths();

        assertThat(replace).containsEntry("terraform_data.y", List.of("triggers_replace"));
        assertThat(check(BUILTIN, "terraform_data.y.triggers_replace", replace).rejections()).singleElement()
                .satisfies(r -> assertThat(r.rule()).isEqualTo(2))
                .satisfies(r -> assertThat(r.message()).contains("replace_paths"));
        assertThat(check(BUILTIN, "terraform_data.x.input", replace).allAccepted()).isTrue();
    }

    @Test
    void aPathThePlanSaysForcesReplacementIsRejectedByRule2() throws IOException {
        Map<String, List<String>> replace = Map.of("aws_instance.web", List.of("ami"), "aws_instance.other", List.of("tags"));
        assertThat(check(AWS, "aws_instance.web.ami", replace).rejections()).singleElement()
                .satisfies(r -> assertThat(r.rule()).isEqualTo(2))
                .satisfies(r -> assertThat(r.message()).contains("replace_paths"));
        assertThat(check(AWS, "aws_instance.web.root_block_device", Map.of("aws_instance.web[0]",
                List.of("root_block_device[0].volume_size")))
                .rejections()).extracting(Rejection::rule).containsExactly(2);
        assertThat(check(AWS, "aws_instance.web.tags", replace).allAccepted()).isTrue();
    }

    @Test
    void oneBadPathRejectsTheWholeListNeverPartlyApplied() throws IOException {
        IgnoreEligibility.Verdict verdict = IgnoreEligibility.check(Tool.TERRAFORM,
                List.of("terraform_data.x.input", "terraform_data.x.id"), declarations, schema(BUILTIN, "terraform_data"), Map.of());
        assertThat(verdict.accepted()).isEmpty();
        assertThat(verdict.rejections()).extracting(Rejection::path).containsExactly("terraform_data.x.id");
    }

    @Test
    void aTypeMissingFromTheSchemaIsRule1() throws IOException {
        assertThat(IgnoreEligibility.check(Tool.TERRAFORM, List.of("aws_instance.web.tags"), declarations,
                schema(BUILTIN, "aws_instance"), Map.of()).rejections()).singleElement()
                .satisfies(r -> assertThat(r.message()).contains("no resource type aws_instance"));
    }

    @Test
    void pulumiStacksRejectEveryPathPointingToIgnoreChanges() {
        IgnoreEligibility.Verdict verdict = IgnoreEligibility.check(Tool.PULUMI, List.of("aws:s3/bucket:Bucket.b.tags"), declarations,
                null, Map.of());
        assertThat(verdict.rejections()).singleElement().satisfies(r -> {
            assertThat(r.rule()).isZero();
            assertThat(r.format()).contains("ignoreChanges").contains("pulumi up");
        });
    }

    @Test
    void theStreamedSchemaKeepsOnlyTheNamedTypes() throws IOException {
        ProviderSchemas schemas = schema(BUILTIN, "terraform_data", "no_such_type");
        assertThat(schemas.block("terraform_data")).isPresent();
        assertThat(schemas.block("no_such_type")).isEmpty();
        assertThat(schema(BUILTIN, "no_such_type").block("terraform_data")).isEmpty();
    }

    @Test
    void anUnknownSchemaFormatOrGarbageFailsClearly() {
        Assertions.assertThatThrownBy(() -> ProviderSchemas.read(
                new ByteArrayInputStream("{\"format_version\":\"2.0\"}".getBytes(StandardCharsets.UTF_8)), Set.of("x")))
                .hasMessageContaining("format_version 2.0 is not supported");
        Assertions.assertThatThrownBy(() -> ProviderSchemas.read(
                new ByteArrayInputStream("[1]".getBytes(StandardCharsets.UTF_8)), Set.of("x"))).isInstanceOf(IOException.class);
    }

    @Test
    void anInstanceKeyIsRejectedWithThePathForTheWholeBlock() throws IOException {
        assertThat(check(BUILTIN, "terraform_data.x[0].input", Map.of()).rejections()).singleElement().satisfies(r -> {
            assertThat(r.rule()).isEqualTo(1);
            assertThat(r.message()).contains("whole resource block").contains("[0]");
            assertThat(r.hint()).contains("write terraform_data.x.input ");
        });
        assertThat(check(BUILTIN, "terraform_data.x[\"blue\"].input[\"Name\"]", Map.of()).rejections()).singleElement()
                .satisfies(r -> assertThat(r.hint()).contains("write terraform_data.x.input[\"Name\"] "));
    }
}
