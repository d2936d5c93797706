package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

@PosixOnly
class CheckCommandTest {
    @TempDir
    Path dir;

    @Test
    void theDemoCheckShowsTheDriftedStackWithItsPathsAndRepairsItInModeCorrect() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("check", "--html", dir.resolve("report").toString());

        // the drift was put back in this run and nothing else drifted: exit 0
        assertThat(result.exit()).isEqualTo(ExitCodes.OK);
        assertThat(result.out()).startsWith("4 stacks · 3 in sync · 0 drifted · 0 pending · 0 failed · 1 repaired\n");
        assertThat(result.out()).contains("network        tofu       repaired        1",
                "  drift: update aws_vpc.main tags.Owner, tags_all.Owner",
                "  owned elsewhere: update aws_autoscaling_group.web desired_capacity",
                "network: put back what changed outside the code: aws_vpc.main.tags.Owner, aws_vpc.main.tags_all.Owner");
        assertThat(result.err()).contains("checking network (tofu)…", "network: drifted — 1 change, 1 owned elsewhere");
        assertThat(demo.record.resolve("runs")).isNotEmptyDirectory();
        assertThat(dir.resolve("report").resolve("index.html")).exists();
        assertThat(demo.root.resolve("network").resolve("stackdrift_override.tf")).doesNotExist();
    }

    @Test
    void theReportsTrendAndTrailComeFromTheSummariesAndTheTrailNeverFromEarlierRunsDetails() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("check");
        demo.run("check");
        // the earlier runs' details turned to garbage: a report that read them would lose their bars
        try (var files = Files.list(demo.record.resolve("runs"))) {
            for (Path details : files.filter(f -> f.getFileName().toString().endsWith(".details.json")).toList()) {
                Files.writeString(details, "{\"format\":");
            }
        }

        DemoRepo.Result third = demo.run("check", "--html", dir.resolve("report").toString());

        String index = Files.readString(dir.resolve("report").resolve("index.html"));
        assertThat(index).contains("<th scope=\"row\">#1</th>", "<th scope=\"row\">#2</th>", "<th scope=\"row\">#3</th>");
        // run 1 repaired network: "Recently deployed" still shows it, from trail.json
        assertThat(index).contains("put back");
        assertThat(third.err()).doesNotContain("skipped runs/");
    }

    @Test
    void aDamagedSummaryIsNamedOnTheConsoleAndThePageAndNothingFromItIsShown() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("check");
        demo.run("check");
        Path damaged = demo.record.resolve("runs").resolve("run-000000000001.summary.json");
        // what a damaged file holds is never quoted: it may hold anything
        Files.writeString(damaged, "hunter2-not-json");

        DemoRepo.Result third = demo.run("check", "--html", dir.resolve("report").toString());

        assertThat(third.err()).contains("warning: the report's drift picture leaves out a run whose summary could not be read: "
                + damaged + ": not readable JSON").doesNotContain("hunter2");
        String index = Files.readString(dir.resolve("report").resolve("index.html"));
        assertThat(index).contains("The picture leaves out 1 run whose summary could not be read", "runs/run-000000000001.summary.json")
                .doesNotContain("hunter2").doesNotContain("<th scope=\"row\">#1</th>").contains("<th scope=\"row\">#2</th>");
    }

    @Test
    void aSecondCheckRespectsEveryAndSaysWhyEachStackWasSkipped() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("check");

        DemoRepo.Result second = demo.run("check");

        assertThat(second.exit()).isEqualTo(ExitCodes.OK);
        assertThat(second.out()).startsWith("4 stacks · 0 in sync · 0 drifted · 0 pending · 0 failed · 4 skipped\n");
        assertThat(second.out()).contains("network (skipped): not due until", "(every 15m)", "dns (skipped): not due until");
    }

    @Test
    void checkNowChecksTheSelectedStacksRightAfterACheckAndTheNotDueLineSaysSo() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("check");
        assertThat(demo.run("check", "--stacks", "dns").out()).contains("dns (skipped): not due until",
                "; check it now with --now (now: true on the step)");

        DemoRepo.Result now = demo.run("check", "--now", "--stacks", "dns");

        assertThat(now.err()).contains("checking dns (terraform)…");
        assertThat(now.out()).startsWith("1 stack · 1 in sync");
        assertThat(demo.run("check", "--now", "--push").err()).contains("--now is a check by hand: leave out --push");
    }

    @Test
    void jsonHasCountsRowsWithPathsAndTheTrail() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("check", "--json");

        JsonNode json = new ObjectMapper().readTree(result.out());
        assertThat(json.get("exitCode").asInt()).isEqualTo(0);
        assertThat(json.get("kind").asText()).isEqualTo("drift check");
        assertThat(json.get("counts").get("drifted").asInt()).isEqualTo(0);
        assertThat(json.get("counts").get("repaired").asInt()).isEqualTo(1);
        assertThat(json.get("repaired")).extracting(JsonNode::asText).containsExactly("network");
        assertThat(json.get("newlyDrifted")).isEmpty();
        assertThat(json.get("stillDrifted")).isEmpty();
        JsonNode network = json.get("rows").get(1);
        assertThat(network.get("id").asText()).isEqualTo("network");
        assertThat(network.get("state").asText()).isEqualTo("repaired");
        // a repaired row no longer drifts, and says when the drift it put back was first seen: this very check
        assertThat(network.get("driftedSince").asText()).isNotEmpty();
        assertThat(network.get("driftedChecks").asInt()).isEqualTo(1);
        assertThat(json.get("stillDrifted")).isEmpty();
        assertThat(network.get("drift").get(0).get("paths")).extracting(JsonNode::asText).containsExactly("tags.Owner", "tags_all.Owner");
        assertThat(network.get("ownedElsewhere").get(0).get("address").asText()).isEqualTo("aws_autoscaling_group.web");
        JsonNode trail = json.get("trail").get(0);
        assertThat(trail.get("result").asText()).isEqualTo("deployed");
        assertThat(trail.get("repairedDrift").asBoolean()).isTrue();
        assertThat(trail.get("restoredPaths")).extracting(JsonNode::asText).contains("aws_vpc.main.tags.Owner");
        assertThat(Instant.parse(trail.get("driftedSince").asText())).isEqualTo(Instant.ofEpochMilli(
                json.get("startedAt").asLong()));
        assertThat(Duration.parse(trail.get("timeToRepair").asText()).isNegative()).isFalse();
    }

    @Test
    void aStackInModeReportIsNewlyDriftedAtItsFirstDriftedCheckAndStillDriftedAtTheNext() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Path config = demo.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replaceFirst("mode: correct", "mode: report"));

        JsonNode first = new ObjectMapper().readTree(demo.run("check", "--json").out());
        // a push checks again the stacks whose last row drifted
        JsonNode second = new ObjectMapper().readTree(demo.run("check", "--push", "--json").out());

        assertThat(demo.run("check", "--push").out()).contains("  drifted since ", " (3 checks)");
        assertThat(first.get("exitCode").asInt()).isEqualTo(ExitCodes.CHANGES);
        assertThat(first.get("newlyDrifted")).extracting(JsonNode::asText).containsExactly("network");
        JsonNode row = first.get("rows").get(1);
        assertThat(Instant.parse(row.get("driftedSince").asText()).toEpochMilli()).isEqualTo(first.get("startedAt").asLong());
        assertThat(row.get("driftedChecks").asInt()).isEqualTo(1);
        assertThat(second.get("newlyDrifted")).isEmpty();
        assertThat(second.get("stillDrifted")).extracting(JsonNode::asText).containsExactly("network");
        assertThat(second.get("rows").get(1).get("driftedSince").asText()).isEqualTo(row.get("driftedSince").asText());
        assertThat(second.get("rows").get(1).get("driftedChecks").asInt()).isEqualTo(2);
    }

    @Test
    void aPushChecksOnlyWhatDriftedAndPreviewsWhatChanged() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("check", "--stacks", "dns,platform:prod");

        DemoRepo.Result push = demo.run("check", "--push", "--changed", "dns/main.tf", "--json");

        JsonNode rows = new ObjectMapper().readTree(push.out()).get("rows");
        assertThat(rows.get(0).get("id").asText()).isEqualTo("dns");
        assertThat(rows.get(0).get("state").asText()).isEqualTo("pending");
        assertThat(rows.get(2).get("state").asText()).isEqualTo("skipped");
        assertThat(push.err()).contains("previewing dns (terraform): its files changed");
    }

    @Test
    void aConfigErrorIsExitOneWithTheProblemAndNoToolRuns() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Files.writeString(demo.root.resolve("stacks.yaml"), "drift: true\n");

        DemoRepo.Result result = demo.run("check", "--json");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.err()).contains("stacks.yaml:1:").contains("no tool ran");
        assertThat(new ObjectMapper().readTree(result.out()).get("problems")).isNotEmpty();
        assertThat(demo.root.resolve("network").resolve(".terraform")).doesNotExist();
    }

    @Test
    void anIgnorePathThatBreaksARuleFailsTheStackNamingPathAndRuleAndNothingIsPlanned() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Path config = demo.root.resolve("stacks.yaml");
        Files.writeString(config, Files.readString(config).replace("aws_autoscaling_group.web.desired_capacity", "aws_vpc.main.id"));

        DemoRepo.Result result = demo.run("check", "--stacks", "network", "--json");

        JsonNode row = new ObjectMapper().readTree(result.out()).get("rows").get(0);
        assertThat(row.get("state").asText()).isEqualTo("failed");
        assertThat(row.get("reason").asText()).contains("'aws_vpc.main.id'").contains("rule 2");
        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(demo.root.resolve("network").resolve("stackdrift_override.tf")).doesNotExist();
    }

    @Test
    void changedFilesNeedPush() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("check", "--changed", "dns/main.tf");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.err()).contains("--changed needs --push");
    }
}
