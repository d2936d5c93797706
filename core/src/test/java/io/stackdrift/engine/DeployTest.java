package io.stackdrift.engine;

import static io.stackdrift.engine.ScriptedAdapter.change;
import static io.stackdrift.testing.StackDriftAssertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;
import io.stackdrift.model.RowState;
import io.stackdrift.model.StackId;
import io.stackdrift.record.HistoryLayout;
import io.stackdrift.record.HistoryStore;
import io.stackdrift.record.TrailEntry;
import io.stackdrift.record.TrailResult;
import io.stackdrift.tool.StackOutput;

/**
 * A deploy goes through the graph: each stack after its dependencies, a failure skipping only what depends on it; and
 * what it writes and records.
 */
class DeployTest extends ScenarioFixture {
    @Test
    void aFailedMiddleOfAChainSkipsWhatDependsOnItAndNothingElse() throws IOException {
        s.terraform("a", "b", "c", "solo");
        s.config("""
                stacks:
                  - dir: b
                    dependsOn: [a]
                  - dir: c
                    dependsOn: [b]
                """);
        s.pending("a", "b", "c", "solo");
        s.world.stack("b").previewFailure = "Error: Invalid provider configuration";

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(outcome).row("a").hasState(RowState.IN_SYNC);
        assertThat(outcome).row("b").hasState(RowState.FAILED, "Error: Invalid provider configuration");
        assertThat(outcome).row("c").hasState(RowState.SKIPPED, "dependency b failed");
        assertThat(outcome).row("solo").hasState(RowState.IN_SYNC);
        assertThat(s.world.callsFor("preview")).doesNotContain("c");
        assertThat(s.world.callsFor("apply")).containsExactlyInAnyOrder("a", "solo");
        assertThat(outcome).hasTrailInAnyOrder("a deployed", "b failed", "solo deployed");
        assertThat(outcome).endsWithError();
    }

    @Test
    void aDiamondPreviewsEachStackOnlyAfterItsDependenciesDeployed() throws IOException {
        s.terraform("a", "b", "c", "d");
        s.config("""
                parallelism: 4
                stacks:
                  - dir: b
                    dependsOn: [a]
                  - dir: c
                    dependsOn: [a]
                  - dir: d
                    dependsOn: [b, c]
                """);
        s.pending("a", "b", "c", "d");

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(outcome).endsOk();
        List<String> calls = List.copyOf(s.world.calls);
        assertThat(calls.indexOf("preview b")).isGreaterThan(calls.indexOf("apply a"));
        assertThat(calls.indexOf("preview c")).isGreaterThan(calls.indexOf("apply a"));
        assertThat(calls.indexOf("preview d")).isGreaterThan(calls.indexOf("apply b")).isGreaterThan(calls.indexOf("apply c"));
        assertThat(outcome).trail().extracting(TrailEntry::result).containsOnly(TrailResult.DEPLOYED);
    }

    @Test
    void anAutoEdgeThatWouldCloseACycleIsDroppedAndNoted() throws IOException {
        s.pulumiProject("app", "shop", "prod");
        s.terraform("net");
        s.config("""
                stacks:
                  - dir: app
                    name: prod
                    dependsOn: auto
                  - dir: net
                    dependsOn: [shop:prod]
                """);
        s.world.stack("shop:prod").dependsOn = List.of(StackId.of("net"));
        s.pending("shop:prod", "net");

        RunOutcome preview = s.host().preview(s.request());
        assertThat(preview).row("shop:prod").dependsOn("net");
        s.world.calls.clear();
        RunOutcome deploy = s.host().deploy(s.request());

        assertThat(deploy.notes()).anySatisfy(note -> assertThat(note).contains("shop:prod").contains("net").contains("cycle"));
        List<String> calls = List.copyOf(s.world.calls);
        // the file's edge wins: net waits for shop:prod
        assertThat(calls.indexOf("preview net")).isGreaterThan(calls.indexOf("apply shop:prod"));
        assertThat(deploy).endsOk();
    }

    @Test
    void aFailedApplyKeepsThePreviewsChangesAndDriftOnTheRow() throws IOException {
        s.terraform("a");
        s.config("stacks:\n  - dir: a\n");
        s.pending("a");
        s.drifted("a");
        s.world.stack("a").applyFailure = "Error: UnauthorizedOperation";

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(outcome).row("a").hasState(RowState.FAILED, "Error: UnauthorizedOperation")
                .hasChanges("aws_vpc.main [cidr_block]").hasDrift("aws_vpc.main [tags.Owner]");
        assertThat(outcome).hasTrail("a failed");
    }

    @Test
    void aDeployOfAStackThatHadDriftRecordsTheRestoredPathsAndWritesOutputsWithoutSensitiveValues() throws IOException {
        s.terraform("net");
        s.config("""
                stacks:
                  - dir: net
                    outputs: out/net.json
                """);
        s.drifted("net");
        s.world.stack("net").outputs = List.of(new StackOutput("vpc_id", TextNode.valueOf("vpc-123"), false),
                new StackOutput("token", TextNode.valueOf("s3cr3t"), true));

        RunOutcome outcome = s.host().deploy(s.request());

        assertThat(outcome).onlyTrailEntry().hasResult(TrailResult.DEPLOYED).putBack("aws_vpc.main.tags.Owner");
        String written = Files.readString(s.repo.resolve("out/net.json"));
        assertThat(new ObjectMapper().readTree(written).get("vpc_id").asText()).isEqualTo("vpc-123");
        assertThat(written).doesNotContain("token").doesNotContain("s3cr3t");
        assertThat(String.join("\n", s.progress)).doesNotContain("vpc-123").doesNotContain("s3cr3t");
    }

    @Test
    void aDeployOfOneStackReadsNoRunsDetailsAndStillReportsTheDriftItsCheckFound() throws IOException {
        s.terraform("big", "tiny");
        s.config("stacks:\n  - dir: big\n  - dir: tiny\n");
        List<Change> many = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            many.add(change(Action.UPDATE, "aws_vpc.v" + i, Cause.DRIFT, "tags.Owner"));
        }
        s.world.stack("big").drift = many;
        s.drifted("tiny");
        s.host().check(s.request());
        HistoryLayout layout = new HistoryLayout(s.record);
        // every run's details turned to garbage: reading one would be skipped with a warning
        for (long sequence : layout.sequences(true)) {
            Files.writeString(layout.detailsFile(sequence), "{\"format\":");
        }
        // the deploy's own preview no longer shows the drift: what it put back comes from the check's record
        s.world.stack("tiny").drift = List.of();
        s.world.stack("tiny").pending = List.of(change(Action.UPDATE, "aws_vpc.main", Cause.CODE, "tags.Owner"));

        HistoryStore history = s.history();
        SavingHost host = new SavingHost(s.engine(HistoryStore::isRunningHere), history);
        RunOutcome deploy = host.deploy(s.request().toBuilder().stacks(List.of("tiny")).build());

        assertThat(deploy).onlyTrailEntry().putBack("aws_vpc.main.tags.Owner");
        assertThat(history.warnings()).isEmpty();
        assertThat(host.check(s.request().toBuilder().stacks(List.of("tiny")).build()).run()).isPresent();
        assertThat(history.warnings()).isEmpty();
    }
}
