package io.stackdrift.config;

import static io.stackdrift.config.TestRepos.check;
import static io.stackdrift.config.TestRepos.terraform;
import static io.stackdrift.config.TestRepos.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;

/** {@code dependsOn: auto} on a Terraform stack: its remote-state reads, known when the file is read. */
class StateReadsConfigTest {
    private static final String READS = """
            data "terraform_remote_state" "net" {
              backend = "local"
              config = {
                path = "../network/terraform.tfstate"
              }
            }
            data "terraform_remote_state" "dns" {
              backend = "s3"
              config = {
                bucket = "acme-state"
                key    = "dns/terraform.tfstate"
              }
            }
            """;

    @TempDir
    Path root;

    @Test
    void anAutoStacksReadsAreEdgesOfTheConfigurationAndValidateListsThemWithTheNotes() throws Exception {
        terraform(root, "network");
        terraform(root, "app");
        write(root.resolve("app/reads.tf"), READS);

        ConfigResult result = check(root, "stacks:\n  - dir: app\n    dependsOn: auto\n  - dir: network\n");

        assertThat(result.problems()).isEmpty();
        StacksConfig config = result.config();
        assertThat(config.stateReads()).isEqualTo(Map.of(StackId.of("app"), List.of(StackId.of("network"))));
        String note = "app reads a state this repository does not deploy: s3 bucket acme-state key dns/terraform.tfstate"
                + " (data.terraform_remote_state.dns, app/reads.tf:7)";
        assertThat(config.stateNotes()).containsExactly(note);
        String text = ValidateListing.text(config, List.of());
        assertThat(text).contains("auto, network (state)").endsWith("note: " + note + "\n");
        JsonNode json = new ObjectMapper().readTree(ValidateListing.json(config, List.of()));
        assertThat(json.path("stacks").get(0).path("dependsOnState").get(0).asText()).isEqualTo("network");
        assertThat(json.path("stacks").get(1).path("dependsOnState")).isEmpty();
        assertThat(json.path("notes").get(0).asText()).isEqualTo(note);
    }

    @Test
    void aBrokenFileOfAnAutoStackMakesTheFileInvalidWithFileAndLine() {
        appWithABrokenFile();

        ConfigResult result = check(root, "stacks:\n  - dir: app\n    dependsOn: auto\n");

        assertThat(result.isValid()).isFalse();
        assertThat(result.problems()).extracting(Problem::file, Problem::line, Problem::message)
                .containsExactly(Tuple.tuple("app/reads.tf", 14, "this block's `{` is never closed"));
    }

    @Test
    void withoutAutoNoTerraformFileIsRead() {
        appWithABrokenFile();

        ConfigResult result = check(root, "stacks:\n  - dir: app\n    dependsOn: [network]\n");

        assertThat(result.problems()).isEmpty();
        assertThat(result.warnings()).isEmpty();
        assertThat(result.config().stateReads()).isEmpty();
        assertThat(result.config().stateNotes()).isEmpty();
    }

    /** network, and app whose reads.tf has a block that is never closed (line 14). */
    private void appWithABrokenFile() {
        terraform(root, "network");
        terraform(root, "app");
        write(root.resolve("app/reads.tf"), READS + "resource \"x\" \"y\" {\n");
    }
}
