package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GraphCommandTest {
    private static final String DEMO = "../examples/demo/stacks.yaml";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path record;

    private int run(final String... args) {
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void showsTheDemosGroupsAndEdges() {
        int exit = run("graph", "--config", DEMO, "--record", record.toString());

        assertThat(exit).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("group 1: ").contains("dns depends on network (file)")
                .endsWith("2 groups, 4 stacks, 1 edge\n");
    }

    @Test
    void jsonAndDotAreTheSameOrder() throws Exception {
        assertThat(run("graph", "--config", DEMO, "--record", record.toString(), "--json")).isEqualTo(ExitCodes.OK);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("groups").get(1).get(0).asText()).isEqualTo("dns");
        assertThat(json.get("edges").get(0).get("stack").asText()).isEqualTo("dns");
        assertThat(json.get("edges").get(0).get("dependsOn").asText()).isEqualTo("network");
        assertThat(json.get("edges").get(0).get("from").asText()).isEqualTo("file");
        out.getBuffer().setLength(0);

        assertThat(run("graph", "--config", DEMO, "--record", record.toString(), "--dot")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).startsWith("digraph").contains("\"network\" -> \"dns\"");
    }

    @Test
    void jsonAndDotExcludeEachOther() {
        assertThat(run("graph", "--config", DEMO, "--json", "--dot")).isEqualTo(ExitCodes.ERROR);
    }

    @Test
    void aBadConfigurationNamesItsProblemsLineByLineAndExitsOne(@TempDir final Path repo) throws Exception {
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: missing\n");

        assertThat(run("graph", "--config", repo.resolve("stacks.yaml").toString())).isEqualTo(ExitCodes.ERROR);
        assertThat(out.toString()).isEmpty();
        // the hint on a line of its own, not after a literal backslash-u000A
        assertThat(err.toString()).doesNotContain("\\" + "u000A").contains("directory `missing` does not exist\n    dir is relative to");
    }

    @Test
    void aBadConfigurationWithJsonIsTheErrorJsonWithEveryProblem(@TempDir final Path repo) throws Exception {
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: missing\n  - dir: gone\n");

        assertThat(run("graph", "--config", repo.resolve("stacks.yaml").toString(), "--json")).isEqualTo(ExitCodes.ERROR);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("error").get("message").asText()).isEqualTo("directory `missing` does not exist");
        assertThat(json.get("error").get("line").asInt()).isEqualTo(2);
        assertThat(json.get("error").get("file").asText()).endsWith("stacks.yaml");
        assertThat(json.get("exitCode").asInt()).isEqualTo(ExitCodes.ERROR);
        assertThat(json.get("problems")).hasSize(2);
    }

    @Test
    void aReferenceEdgeThatWouldCloseACycleIsNamedInTheTextAsInTheJson(@TempDir final Path repo) throws Exception {
        Files.createDirectories(repo.resolve("a"));
        Files.createDirectories(repo.resolve("b"));
        Files.writeString(repo.resolve("a/Pulumi.yaml"), "name: a\nruntime: nodejs\n");
        Files.writeString(repo.resolve("b/main.tf"), "");
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: a\n    name: prod\n    dependsOn: auto\n"
                + "  - dir: b\n    dependsOn: [\"a:prod\"]\n");
        // the latest preview of a:prod read a stack reference to b: with the file's b -> a:prod, a cycle
        Files.writeString(record.resolve("stacks.json"), "{\"format\":\"stackdrift-stack-index/1\",\"stacks\":[{\"id\":\"a:prod\","
                + "\"lastSequence\":1,\"lastRunId\":\"1\",\"lastState\":\"in sync\",\"lastCheckedAt\":1000,\"consecutiveFailures\":0,"
                + "\"lastFailedAt\":0,\"dependsOn\":[\"b\"]}]}");
        String config = repo.resolve("stacks.yaml").toString();

        assertThat(run("graph", "--config", config, "--record", record.toString(), "--json")).isEqualTo(ExitCodes.OK);
        String note = new ObjectMapper().readTree(out.toString()).get("notes").get(0).asText();
        assertThat(note).contains("a:prod's dependency on b");
        out.getBuffer().setLength(0);

        assertThat(run("graph", "--config", config, "--record", record.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("b depends on a:prod (file)\nnote: " + note + "\n");
    }

    @Test
    void aTerraformStacksRemoteStateReadsAreStateEdgesAndAReadOfAnotherRepositorysStateIsANote(@TempDir final Path repo)
            throws Exception {
        Files.createDirectories(repo.resolve("network"));
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("network/main.tf"), "resource \"terraform_data\" \"vpc\" {}\n");
        Files.writeString(repo.resolve("app/main.tf"), """
                data "terraform_remote_state" "net" {
                  backend = "local"
                  config  = { path = "../network/terraform.tfstate" }
                }
                data "terraform_remote_state" "shared" {
                  backend = "s3"
                  config  = { bucket = "acme-state", key = "shared/terraform.tfstate", secret_key = "hunter2" }
                }
                """);
        Files.writeString(repo.resolve("stacks.yaml"), "stacks:\n  - dir: app\n    dependsOn: auto\n  - dir: network\n");
        String config = repo.resolve("stacks.yaml").toString();

        assertThat(run("graph", "--config", config, "--record", record.toString())).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).isEqualTo("""
                group 1: network
                group 2: app
                app depends on network (state)
                note: app reads a state this repository does not deploy: s3 bucket acme-state key shared/terraform.tfstate \
                (data.terraform_remote_state.shared, app/main.tf:5)
                2 groups, 2 stacks, 1 edge
                """);
        out.getBuffer().setLength(0);

        assertThat(run("validate", "--config", config)).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("auto, network (state)").contains("note: app reads a state this repository does not deploy")
                .doesNotContain("hunter2");
    }

    @Test
    void shardsSplitTheDemoAndSayWhichStacksWaitForAnotherShard() throws Exception {
        assertThat(run("graph", "--config", DEMO, "--record", record.toString(), "--shards", "2", "--parallelism", "1")).as(err.toString())
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("shard 1 of 2 (2 stacks): ").contains("shard 2 of 2 (2 stacks): ")
                .contains("expected: as long as 2 stack deploys end to end");
        out.getBuffer().setLength(0);

        assertThat(run("graph", "--config", DEMO, "--record", record.toString(), "--shards", "3", "--json")).isEqualTo(ExitCodes.OK);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("shards")).hasSize(3);
        int stacks = 0;
        for (JsonNode shard : json.get("shards")) {
            stacks += shard.get("stacks").size();
        }
        assertThat(stacks).isEqualTo(4);
        assertThat(json.get("expectedMillis").isNull()).isTrue();
        assertThat(json.get("expectedStacks").asInt()).isPositive();
        assertThat(json.get("waits").isArray()).isTrue();
    }

    @Test
    void shardOptionsAreCheckedBeforeAnythingRuns() {
        assertThat(run("graph", "--config", DEMO, "--shards", "0")).isEqualTo(ExitCodes.ERROR);
        assertThat(run("graph", "--config", DEMO, "--shards", "2", "--dot")).isEqualTo(ExitCodes.ERROR);
        assertThat(run("graph", "--config", DEMO, "--stacks", "dns")).isEqualTo(ExitCodes.ERROR);
        assertThat(run("deploy", "--config", DEMO, "--record", record.toString(), "--shard", "2/4")).isEqualTo(ExitCodes.ERROR);
        assertThat(err.toString()).contains("--shard needs --shard-run ID");
        assertThat(run("deploy", "--config", DEMO, "--record", record.toString(), "--shard", "5/4", "--shard-run", "x"))
                .isEqualTo(ExitCodes.ERROR);
        assertThat(run("deploy", "--config", DEMO, "--record", record.toString(), "--shard", "1/2", "--shard-run", "../x"))
                .isEqualTo(ExitCodes.ERROR);
        assertThat(run("deploy", "--config", DEMO, "--record", record.toString(), "--shard", "1/2", "--shard-run", "x", "--destroy"))
                .isEqualTo(ExitCodes.ERROR);
        assertThat(err.toString()).contains("is not an id").contains("a destroy is not split").contains("between 1 and N");
        assertThat(record.resolve("shards")).doesNotExist();
    }
}
