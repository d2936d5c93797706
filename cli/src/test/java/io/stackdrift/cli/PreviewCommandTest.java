package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

@PosixOnly
class PreviewCommandTest {
    @TempDir
    Path dir;

    @Test
    void theDemoPreviewShowsPendingChangesAndTheAutoDependency() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("preview");

        assertThat(result.exit()).isEqualTo(ExitCodes.CHANGES);
        // network's only change puts its drift back: it is drifted, not pending too
        assertThat(result.out()).startsWith("4 stacks · 1 in sync · 1 drifted ● · 2 pending · 0 failed\n");
        assertThat(result.out()).contains("network        tofu       drifted        1\n");
        assertThat(result.out()).contains("shop-app:prod  pulumi     pending        1  platform:prod");
        assertThat(result.err()).contains("previewing dns (terraform)…");
    }

    @Test
    void aConfigurationWarningIsPrintedOnceWithItsHintOnItsOwnLine() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Files.writeString(demo.root.resolve("stacks.yaml"), "  - dir: nowhere/**\n    reason: gone\n",
                StandardOpenOption.APPEND);

        DemoRepo.Result result = demo.run("preview", "--stacks", "dns");

        String warning = "the ignore entry `nowhere/**` matches no stack directory";
        assertThat(result.err().split(Pattern.quote(warning), -1)).as(result.err()).hasSize(2);
        assertThat(result.err()).contains("warning: ").contains(warning + "\n    remove it, or check the pattern")
                .doesNotContain("?    remove it");
    }

    @Test
    void jsonRowsCarryDependsOn() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        JsonNode json = new ObjectMapper().readTree(demo.run("preview", "--json").out());

        assertThat(json.get("kind").asText()).isEqualTo("preview");
        JsonNode app = json.get("rows").get(3);
        assertThat(app.get("id").asText()).isEqualTo("shop-app:prod");
        assertThat(app.get("dependsOn")).extracting(JsonNode::asText).containsExactly("platform:prod");
        assertThat(app.get("dependsOnRead")).extracting(JsonNode::asText).containsExactly("platform:prod");
        // the file's own dependsOn is on the row too, not marked read
        JsonNode dns = null;
        for (JsonNode row : json.get("rows")) {
            if (row.get("id").asText().equals("dns")) {
                dns = row;
            }
        }
        assertThat(dns).isNotNull();
        assertThat(dns.get("dependsOn")).extracting(JsonNode::asText).containsExactly("network");
        assertThat(dns.get("dependsOnRead")).isEmpty();
        assertThat(app.get("changes").get(0).get("paths")).extracting(JsonNode::asText).contains("tags.CostCenter");
    }

    @Test
    void aSelectionRunsOnlyTheNamedStacks() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("preview", "--stacks", "dns", "--json");

        JsonNode rows = new ObjectMapper().readTree(result.out()).get("rows");
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).get("id").asText()).isEqualTo("dns");
        assertThat(result.exit()).isEqualTo(ExitCodes.CHANGES);
    }

    @Test
    void anUnknownStackIsAnErrorAndNothingRuns() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("preview", "--stacks", "nope");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.err()).contains("nope").contains("known stacks: dns, network, platform:prod, shop-app:prod");
        assertThat(result.out()).isEmpty();
    }

    @Test
    void aToolPathThatNamesNoFileStopsTheCommandWithOneLineBeforeAnyToolRuns() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("preview", "--stacks", "dns", "--tool-path", "terraform=" + dir.resolve("no-such-terraform"));

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out()).isEmpty();
        assertThat(result.err().lines()).containsExactly("stackdrift: --tool-path terraform=" + dir.resolve("no-such-terraform")
                + ": no such file; name the terraform executable itself (--tool-path terraform=/usr/local/bin/terraform), or leave it "
                + "out to use the terraform on PATH");
    }

    @Test
    void aToolThatCannotBeFoundOnPathFailsItsStacksWithOneLine() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("preview", "--stacks", "dns", "--tool-path", "terraform=no-such-terraform-anywhere");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out()).containsPattern("dns +terraform +failed");
        assertThat(result.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }
    @Test
    void markdownWritesTheReviewSummaryBesideTheUsualOutput() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Path markdown = dir.resolve("out").resolve("preview.md");

        DemoRepo.Result result = demo.run("preview", "--markdown", markdown.toString());

        assertThat(result.exit()).isEqualTo(ExitCodes.CHANGES);
        assertThat(result.out()).startsWith("4 stacks · 1 in sync · 1 drifted ● · 2 pending · 0 failed\n");
        assertThat(result.err()).contains("Markdown written to " + markdown);
        // network's only change puts back what was changed outside the code; dns depends on network, so it follows it
        assertThat(Files.readString(markdown)).startsWith("### Stack Drift preview\n\n4 stacks · 1 in sync · 1 drifted ● · 2 pending")
                .contains("#### `network` · drifted\n\n**Reverts of changes made outside the code** (1)")
                .contains("**Stacks that will follow** · `dns` · no output of this stack changes")
                .doesNotContain("#### `platform:prod`");
    }

    @Test
    void markdownNamingADirectoryStopsTheCommandBeforeAnyToolRuns() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("preview", "--markdown", dir.toString());

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).contains("--markdown " + dir + ": this is a directory").doesNotContain("previewing");
    }
}
