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

/** The whole sequence on an OpenTofu stack with the genuine tofu schema: check, override, split, cleanup. */
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
    void acceptedPathsBecomeAnOverrideAndOwnedDrift() throws Exception {
        Files.writeString(dir.resolve("main.tofu"), "resource \"test_instance\" \"t\" {\n  ami = \"x\"\n}\n");
        StackConfig stack = stack(Tool.TOFU, "test_instance.t.volumes[0].size");
        FieldOwnership.Checked checked;
        try (InputStream schema = Files.newInputStream(Fixtures.fixture("terraform/schema-tofu-cmdtest-basic.providers-schema.json"))) {
            checked = FieldOwnership.check(stack, dir, schema, Map.of());
        }
        assertThat(checked.verdict().allAccepted()).isTrue();

        OverrideFile.removeLeftovers(dir);
        try (OverrideFile file = OverrideFile.write(dir, checked.verdict().accepted(), checked.declarations())) {
            assertThat(Files.readString(file.path())).contains("ignore_changes = [volumes[0].size]");
            Change drift = new Change(Action.UPDATE, "test_instance", "test_instance.t", List.of("volumes[0].size", "ami"), Cause.DRIFT);
            OwnershipSplit split = OwnershipSplit.of(List.of(drift), checked.verdict().accepted());
            assertThat(split.drift()).containsExactly(drift.withPaths(List.of("ami")));
            assertThat(split.ownedElsewhere()).containsExactly(drift.withPaths(List.of("volumes[0].size")));
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
        Files.writeString(dir.resolve("main.tf"), "resource \"test_instance\" \"t\" {\n");
        try (InputStream schema = Files.newInputStream(Fixtures.fixture("terraform/schema-tofu-cmdtest-basic.providers-schema.json"))) {
            FieldOwnership.Checked checked = FieldOwnership.check(stack(Tool.TOFU, "test_instance.t.ami"), dir, schema, Map.of());
            assertThat(checked.verdict().rejections()).singleElement()
                    .satisfies(r -> assertThat(r.message()).contains("files not read: main.tf: unbalanced brackets"));
        }
    }
}
