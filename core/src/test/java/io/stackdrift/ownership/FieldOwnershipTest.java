package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.IgnoreRule;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.testing.Fixtures;

/**
 * The whole sequence, check, override, split, cleanup: on a Terraform stack with Terraform 1.11.4's own schema of the
 * built-in provider, and on an OpenTofu stack with the genuine tofu test schema (../shared), whose nested attribute
 * type no built-in resource has.
 */
class FieldOwnershipTest {
    @TempDir
    Path dir;

    private static StackConfig stack(final Tool tool, final String... paths) {
        return new StackConfig(StackId.of("app"), tool, "app", "", List.of(), false,
                new DriftSettings(true, DriftMode.CORRECT, Duration.ofHours(1), List.of(new IgnoreRule(List.of(paths),
                        "the team owns it"))),
                Duration.ofMinutes(60), Policy.ON_CHANGE, Map.of(), Optional.empty());
    }

    @Test
    void acceptedPathsOfATerraformStackBecomeAnOverrideAndOwnedDrift() throws Exception {
        Files.writeString(dir.resolve("main.tf"), "resource \"terraform_data\" \"x\" {\n  input = \"one\"\n}\n");

        sequence(stack(Tool.TERRAFORM, "terraform_data.x.input"), Fixtures.terraform("providers-schema.json"),
                new Change(Action.UPDATE, "terraform_data", "terraform_data.x", List.of("input", "output"), Cause.DRIFT),
                "ignore_changes = [input]", "input");
    }

    @Test
    void acceptedPathsBecomeAnOverrideAndOwnedDrift() throws Exception {
        Files.writeString(dir.resolve("main.tofu"), "resource \"test_instance\" \"t\" {\n  ami = \"x\"\n}\n");

        sequence(stack(Tool.TOFU, "test_instance.t.volumes[0].size"),
                Fixtures.fixture("terraform/schema-tofu-cmdtest-basic.providers-schema.json"),
                new Change(Action.UPDATE, "test_instance", "test_instance.t", List.of("volumes[0].size", "ami"), Cause.DRIFT),
                "ignore_changes = [volumes[0].size]", "volumes[0].size");
    }

    /** Check, override file, split of {@code drift} (its {@code owned} path goes to owned elsewhere), cleanup. */
    private void sequence(final StackConfig stack, final Path schemaFile, final Change drift, final String overrideLine,
            final String owned) throws Exception {
        FieldOwnership.Checked checked;
        try (InputStream schema = Files.newInputStream(schemaFile)) {
            checked = FieldOwnership.check(stack, dir, schema, Map.of());
        }
        assertThat(checked.verdict().allAccepted()).isTrue();

        OverrideFile.removeLeftovers(dir);
        try (OverrideFile file = OverrideFile.write(dir, checked.verdict().accepted(), checked.declarations())) {
            assertThat(Files.readString(file.path())).contains("resource \"" + drift.type() + "\"", overrideLine);
            OwnershipSplit split = OwnershipSplit.of(List.of(drift), checked.verdict().accepted());
            assertThat(split.drift()).containsExactly(drift.withPaths(drift.paths().stream().filter(p -> !p.equals(owned)).toList()));
            assertThat(split.ownedElsewhere()).containsExactly(drift.withPaths(List.of(owned)));
        }
        assertThat(dir.resolve(OverrideFile.FILE_NAME)).doesNotExist();
    }

    @Test
    void pulumiNeedsNoSchemaAndRejects() throws IOException {
        FieldOwnership.Checked checked = FieldOwnership.check(stack(Tool.PULUMI, "aws:s3/bucket:Bucket.b.tags"), dir,
                InputStream.nullInputStream(), Map.of());
        assertThat(checked.verdict().rejections()).singleElement().satisfies(r -> assertThat(r.format()).contains("ignoreChanges"));
    }

    @Test
    void anUnreadableFileIsNamedWhenAResourceIsNotFound() throws IOException {
        Files.writeString(dir.resolve("main.tf"), "resource \"terraform_data\" \"x\" {\n");
        try (InputStream schema = Files.newInputStream(Fixtures.terraform("providers-schema.json"))) {
            FieldOwnership.Checked checked = FieldOwnership.check(stack(Tool.TERRAFORM, "terraform_data.x.input"), dir, schema, Map.of());
            assertThat(checked.verdict().rejections()).singleElement()
                    .satisfies(r -> assertThat(r.message()).contains("files not read: main.tf: unbalanced brackets"));
        }
    }
}
