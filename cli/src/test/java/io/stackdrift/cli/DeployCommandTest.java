package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

@PosixOnly
class DeployCommandTest {
    /** Values the demo's simulated plans, states and outputs carry: none may leave the outputs file. */
    private static final List<String> DEMO_VALUES = List.of("vpc-0a1b2c3d4e5f60718", "subnet-0aa11bb22cc33dd44",
            "subnet-0ee55ff66aa77bb88", "demo-not-a-real-token-7f3a", "platform-team", "j.doe", "10.20.0.0/16",
            "111122223333", "demo-lb-1234", "lt-0123456789abcdef0", "Z0123456789ABCDEFGHIJ", "cc-100", "cc-200",
            "shop-assets-5c1e9a2");

    @TempDir
    Path dir;

    @Test
    void theDemoDeploysInDependencyOrderPutsBackTheDriftAndWritesTheOutputsFile() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("preview");

        DemoRepo.Result result = demo.run("deploy", "--json");

        assertThat(result.exit()).isEqualTo(ExitCodes.OK);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertThat(json.get("counts").get("inSync").asInt()).isEqualTo(4);
        List<String> order = Stream.of(result.err().split("\n")).filter(l -> l.startsWith("applying ")).toList();
        assertThat(order.indexOf("applying network (tofu)…")).isLessThan(order.indexOf("applying dns (terraform)…"));
        // the auto edge read from the Pulumi preview: shop-app waits for platform
        List<String> lines = List.of(result.err().split("\n"));
        assertThat(lines.indexOf("platform:prod: in sync — nothing to deploy"))
                .isLessThan(lines.indexOf("applying shop-app:prod (pulumi)…"));
        JsonNode network = trailOf(json, "network");
        assertThat(network.get("result").asText()).isEqualTo("deployed");
        assertThat(network.get("repairedDrift").asBoolean()).isTrue();
        assertThat(network.get("restoredPaths")).extracting(JsonNode::asText).contains("aws_vpc.main.tags.Owner");
        JsonNode outputs = new ObjectMapper().readTree(demo.root.resolve("out/network.json").toFile());
        assertThat(outputs.fieldNames()).toIterable().containsExactlyInAnyOrder("vpc_id", "subnet_ids");
    }

    @Test
    void aDeployThatAppliedButCouldNotWriteItsRecordPrintsWhatItDeployedSaysWhereAndExitsThree() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Files.createDirectories(demo.record);
        // a file where the runs directory goes fails the save as a full disk does (also for root, unlike permissions)
        Path inTheWay = Files.writeString(demo.record.resolve("runs"), "in the way\n");

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat(result.exit()).as(result.err()).isEqualTo(ExitCodes.APPLIED_NOT_RECORDED);
        assertThat(result.out()).contains("1 stack · 1 in sync", "dns (in sync): deployed", "dns: deployed");
        assertThat(result.err()).contains("applying dns (terraform)…", "the record of this run could not be written",
                inTheWay.toString(), "the next run previews those stacks");
        assertThat(result.err()).doesNotContain("UncheckedIOException", "unexpected error");
    }

    @Test
    void aDeployWhoseMarkerCannotBeWrittenAppliesNothingAndSaysWhy() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Files.createDirectories(demo.record);
        Path inTheWay = Files.writeString(demo.record.resolve("deploying"), "in the way\n");

        DemoRepo.Result result = demo.run("deploy", "--stacks", "dns");

        assertThat(result.exit()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.err()).doesNotContain("applying dns");
        assertThat(result.out()).contains("its deploy marker could not be written, so nothing was applied", inTheWay.toString())
                .doesNotContain("unexpected error");
    }

    @Test
    void theTextOutputSaysWhatTheDeployPutBack() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("preview");

        DemoRepo.Result result = demo.run("deploy");

        assertThat(result.out()).contains("network: put back what changed outside the code: aws_vpc.main.tags.Owner",
                "platform:prod: nothing to deploy", "dns: deployed");
    }

    @Test
    void deployNowDeploysAStackItsDigestWouldSkipAndTheSkipLineNamesIt() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        demo.run("deploy");
        DemoRepo.Result unchanged = demo.run("deploy", "--stacks", "dns");
        assertThat(unchanged.out()).contains("dns (skipped): unchanged since its last deploy at",
                "; deploy it anyway with --now (now: true on the step)");

        DemoRepo.Result now = demo.run("deploy", "--now", "--stacks", "dns");

        assertThat(now.exit()).isEqualTo(ExitCodes.OK);
        assertThat(now.err()).contains("dns: deploying (asked for now, whatever its policy and digest (unchanged since its last "
                + "deploy at");
        assertThat(now.out()).doesNotContain("skipped");
    }

    @Test
    void aRehearsalAppliesNothing() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);

        DemoRepo.Result result = demo.run("deploy", "--rehearsal", "--json");

        assertThat(result.exit()).isEqualTo(ExitCodes.CHANGES);
        JsonNode json = new ObjectMapper().readTree(result.out());
        assertThat(json.get("trail")).extracting(e -> e.get("result").asText()).containsOnly("rehearsal");
        assertThat(result.err()).doesNotContain("applying ");
        assertThat(demo.root.resolve("out/network.json")).doesNotExist();
        // the preview's only change of network puts its drift back: drifted, not pending+drifted
        assertThat(demo.run("preview").out()).contains("network        tofu       drifted");
    }

    @Test
    void destroyGoesInReverseDependencyOrderAndTheNextDeployCreatesEverythingAgain() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        // a first deploy: everything exists, the auto edge shop-app → platform is known, digests are recorded
        assertThat(demo.run("deploy", "--approved").exit()).isEqualTo(ExitCodes.OK);
        assertThat(demo.root.resolve("out/network.json")).exists();

        DemoRepo.Result destroyed = demo.run("deploy", "--destroy", "--approved", "--json");

        assertThat(destroyed.exit()).as(destroyed.err()).isEqualTo(ExitCodes.OK);
        List<String> lines = List.of(destroyed.err().split("\n"));
        assertThat(lines.indexOf("dns: destroyed")).isNotNegative().isLessThan(lines.indexOf("planning the destroy of network (tofu)…"));
        assertThat(lines.indexOf("shop-app:prod: destroyed")).isNotNegative()
                .isLessThan(lines.indexOf("planning the destroy of platform:prod (pulumi)…"));
        assertThat(lines).noneMatch(line -> line.startsWith("checking ") || line.startsWith("previewing ") || line.startsWith("applying "));
        JsonNode json = new ObjectMapper().readTree(destroyed.out());
        assertThat(json.get("trail")).extracting(e -> e.get("result").asText()).containsOnly("destroyed").hasSize(4);
        assertThat(json.get("counts").get("destroyed").asInt()).isEqualTo(4);
        assertThat(json.get("counts").get("inSync").asInt()).isZero();
        assertThat(demo.root.resolve("out/network.json")).doesNotExist();

        DemoRepo.Result again = demo.run("deploy", "--approved", "--json");

        assertThat(again.exit()).as(again.err()).isEqualTo(ExitCodes.OK);
        assertThat(again.err()).doesNotContain("unchanged since its last deploy").contains("network: deploying (never deployed)");
        JsonNode redeployed = new ObjectMapper().readTree(again.out());
        assertThat(redeployed.get("trail")).extracting(e -> e.get("stack").asText() + " " + e.get("result").asText())
                .containsExactlyInAnyOrder("network deployed", "dns deployed", "platform:prod deployed", "shop-app:prod deployed");
        assertThat(demo.root.resolve("out/network.json")).exists();
        assertThat(demo.run("deploy", "--destroy", "--rehearsal").exit()).isEqualTo(ExitCodes.CHANGES);
    }

    @Test
    void noValueFromThePlansStatesOrOutputsReachesStdoutStderrJsonOrHtml() throws Exception {
        DemoRepo demo = DemoRepo.copyTo(dir);
        Path html = dir.resolve("html");
        StringBuilder everything = new StringBuilder();
        for (List<String> args : List.of(List.of("check", "--html", html.resolve("check").toString()),
                List.of("preview", "--json", "--html", html.resolve("preview").toString()),
                List.of("deploy", "--rehearsal"),
                List.of("deploy", "--approved", "--json", "--html", html.resolve("deploy").toString()),
                List.of("check", "--json"))) {
            DemoRepo.Result result = demo.run(args.get(0), args.subList(1, args.size()).toArray(String[]::new));
            everything.append(result.out()).append(result.err());
        }
        try (Stream<Path> files = Files.walk(html)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                everything.append(Files.readString(file));
            }
        }
        try (Stream<Path> files = Files.walk(demo.record)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                everything.append(Files.readString(file));
            }
        }
        assertThat(everything).contains("aws_vpc.main").contains("tags.Owner");
        for (String value : DEMO_VALUES) {
            assertThat(everything.toString()).as("value %s", value).doesNotContain(value);
        }
        // the outputs file is the one place values go
        assertThat(Files.readString(demo.root.resolve("out/network.json"))).contains("vpc-0a1b2c3d4e5f60718")
                .doesNotContain("demo-not-a-real-token-7f3a");
    }

    private static JsonNode trailOf(final JsonNode json, final String stack) {
        for (JsonNode entry : json.get("trail")) {
            if (entry.get("stack").asText().equals(stack)) {
                return entry;
            }
        }
        throw new AssertionError("no trail entry for " + stack);
    }
}
