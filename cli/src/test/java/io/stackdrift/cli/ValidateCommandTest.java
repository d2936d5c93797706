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

import io.stackdrift.testing.PosixOnly;

@PosixOnly
class ValidateCommandTest {
    private static final String DEMO = "../examples/demo/stacks.yaml";

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(final String... args) {
        CommandLine commandLine = StackDriftCommand.newCommandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void listsTheDemoRepository() {
        int exit = run("validate", "--config", DEMO);

        assertThat(exit).isEqualTo(ExitCodes.OK);
        // CHECKSTYLE.OFF: LineLength - the listing's table is as wide as its widest row, and the test shows it whole
        assertThat(out.toString().lines().toList()).containsExactly(
                "4 stacks · 1 left out by ignore · parallelism 4",
                "STACK          TOOL       DIRECTORY  DRIFT                              REAPPLY  POLICY                MAX CHANGES  REPLACE  "
                        + "CREDENTIALS                               DEPENDS ON",
                "dns            terraform  dns        report every 6h                    never    onChangeOrDependency  no limit     asks     "
                        + "AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY  network",
                "network        tofu       network    correct every 15m, 1 path ignored  15m      onChange              no limit     asks     "
                        + "AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY  -",
                "platform:prod  pulumi     platform   approve every 1h                   never    onChange              no limit     asks     "
                        + "PULUMI_ACCESS_TOKEN                       -",
                "shop-app:prod  pulumi     app        report every 6h                    never    onChange              no limit     asks     "
                        + "PULUMI_ACCESS_TOKEN                       auto",
                "network leaves to its owner: aws_autoscaling_group.web.desired_capacity (the autoscaler owns it)",
                "network writes its outputs to out/network.json",
                "left out: legacy (moved to the platform repository)");
        // CHECKSTYLE.ON: LineLength
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void theFirstExampleOfTheConfigurationPageValidatesWithoutAWarning(@TempDir final Path repo) throws Exception {
        String page = Files.readString(Path.of("../docs/configuration.md"));
        int example = page.indexOf("```yaml", page.indexOf("## A complete example"));
        String yaml = page.substring(page.indexOf('\n', example) + 1, page.indexOf("```", example + 7));
        Files.writeString(repo.resolve("stacks.yaml"), yaml);
        for (String dir : new String[] {"network", "dns", "legacy"}) {
            Files.createDirectories(repo.resolve(dir));
            Files.writeString(repo.resolve(dir).resolve("main.tf"), "terraform {}\n");
        }
        Files.createDirectories(repo.resolve("app"));
        Files.writeString(repo.resolve("app").resolve("Pulumi.yaml"), "name: shop-app\nruntime: nodejs\n");

        assertThat(run("validate", "--config", repo.resolve("stacks.yaml").toString(), "--json")).isEqualTo(ExitCodes.OK);

        assertThat(err.toString()).isEmpty();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("warnings")).isEmpty();
        assertThat(json.get("stacks")).extracting(s -> s.get("id").asText()).containsExactly("dns", "network", "shop-app:prod");
        JsonNode dns = json.get("stacks").get(0);
        assertThat(dns.get("drift").get("every").asText()).isEqualTo("6h");
        assertThat(dns.get("reapply").asText()).isEqualTo("0");
        assertThat(dns.get("policy").asText()).isEqualTo("onChangeOrDependency");
        assertThat(dns.get("drift").get("maxChanges").isNull()).isTrue();
        assertThat(dns.get("drift").get("allowReplace").asBoolean()).isFalse();
    }

    @Test
    void aScheduleAloneGivesNoWarningAndAShortReapplyStillDoes(@TempDir final Path repo) throws Exception {
        Files.createDirectories(repo.resolve("a"));
        Files.writeString(repo.resolve("a").resolve("main.tf"), "terraform {}\n");
        Files.writeString(repo.resolve("stacks.yaml"), "drift:\n  every: 6h\n");
        assertThat(run("validate", "--config", repo.resolve("stacks.yaml").toString())).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).isEmpty();
        assertThat(out.toString()).contains("report every 6h", "never");

        Files.writeString(repo.resolve("stacks.yaml"), "drift:\n  every: 6h\nreapply: 1h\n");
        assertThat(run("validate", "--config", repo.resolve("stacks.yaml").toString())).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).contains("reapply 1h is shorter than its drift check interval (every 6h)");
    }

    @Test
    void jsonListsTheDemoStacks() throws Exception {
        assertThat(run("validate", "--config", DEMO, "--json")).isEqualTo(ExitCodes.OK);

        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("stacks")).extracting(s -> s.get("id").asText())
                .containsExactly("dns", "network", "platform:prod", "shop-app:prod");
        assertThat(json.get("ignored").get(0).get("reason").asText()).isEqualTo("moved to the platform repository");
    }

    @Test
    void everyProblemGoesToStderrWithPositionAndHintAndTheExitCodeIsOne(@TempDir final Path repo) throws Exception {
        Path config = repo.resolve("stacks.yaml");
        Files.writeString(config, "drift: true\nstacks:\n  - dir: nowhere\n    polcy: once\n");

        int exit = run("validate", "--config", config.toString());

        assertThat(exit).isEqualTo(ExitCodes.ERROR);
        String shown = config.toString().replace('\\', '/');
        assertThat(err.toString())
                .contains(shown + ":1:8: `drift: true` is not allowed: drift is always a mapping\n    drift:\n      enabled: true")
                .contains(shown + ":3:10: directory `nowhere` does not exist")
                .contains(shown + ":4:5: unknown key `polcy` in a stacks entry; did you mean `policy`?")
                .contains("3 problems; nothing runs until they are fixed")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void warningsGoToStderrAndTheRunStillSucceeds(@TempDir final Path repo) throws Exception {
        Files.createDirectories(repo.resolve("dns"));
        Files.writeString(repo.resolve("dns/main.tf"), "terraform {}\n");
        Files.writeString(repo.resolve("stacks.yaml"), "reapply: 1h\ndrift:\n  every: 6h\n");

        int exit = run("validate", "--config", repo.resolve("stacks.yaml").toString());

        assertThat(exit).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).startsWith("warning: ").contains(":1:10: stack `dns`: reapply 1h is shorter than");
        assertThat(out.toString()).contains("dns    terraform  dns        report every 6h  1h");
    }

    @Test
    void rightToLeftAndZeroWidthCharactersInANameShowAsTheRunTableShowsThem(@TempDir final Path repo) throws Exception {
        String name = "dns\u202Egnp.exe\u200B";
        Files.createDirectories(repo.resolve(name));
        Files.writeString(repo.resolve(name).resolve("main.tf"), "terraform {}\n");
        Files.writeString(repo.resolve("stacks.yaml"), "drift:\n  every: 6h\n");

        int exit = run("validate", "--config", repo.resolve("stacks.yaml").toString());

        assertThat(exit).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("dns\\u202Egnp.exe\\u200B").doesNotContain("\u202E").doesNotContain("\u200B");
        assertThat(Terminal.safe(name)).isEqualTo("dns\\u202Egnp.exe\\u200B");
    }

    @Test
    void aMissingFileFailsWithoutAStackTrace(@TempDir final Path repo) {
        int exit = run("validate", "--config", repo.resolve("none.yaml").toString());

        assertThat(exit).isEqualTo(ExitCodes.ERROR);
        assertThat(err.toString()).contains("none.yaml: the configuration file does not exist").doesNotContain("Exception");
    }

    @Test
    void invalidWithJsonPrintsTheProblemsAsJsonToo(@TempDir final Path repo) throws Exception {
        Files.writeString(repo.resolve("stacks.yaml"), "- not a mapping\n");

        assertThat(run("validate", "--json", "--config", repo.resolve("stacks.yaml").toString())).isEqualTo(ExitCodes.ERROR);

        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.get("valid").asBoolean()).isFalse();
        assertThat(json.get("problems").get(0).get("message").asText()).startsWith("the top level must be a mapping");
    }
}
