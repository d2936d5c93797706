package io.stackdrift.config;

import static io.stackdrift.config.TestRepos.check;
import static io.stackdrift.config.TestRepos.pulumi;
import static io.stackdrift.config.TestRepos.terraform;
import static io.stackdrift.config.TestRepos.tofu;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class ConfigLoaderTest {
    @TempDir
    Path root;

    private StackConfig stack(final ConfigResult result, final String id) {
        assertThat(result.problems()).isEmpty();
        return result.config().stack(StackId.of(id)).orElseThrow();
    }

    private List<String> messages(final ConfigResult result) {
        return result.problems().stream().map(Problem::message).toList();
    }

    @Test
    void theSpecExampleResolvesEverySetting() {
        tofu(root, "network");
        terraform(root, "dns");
        terraform(root, "legacy/old");
        ConfigResult result = check(root, """
                drift:
                  enabled: true
                  mode: report
                  every: 6h
                reapply: 60m
                parallelism: 4
                stacks:
                  - dir: network
                    name: prod
                    tool: tofu
                    dependsOn: [dns]
                    drift:
                      enabled: true
                      mode: correct
                      every: 15m
                      ignore:
                        - paths: [aws_autoscaling_group.web.desired_capacity]
                          reason: the autoscaler owns it
                    reapply: 15m
                    policy: onChange
                    credentials:
                      AWS_ACCESS_KEY_ID: aws-prod-key
                    outputs: out/network.json
                ignore:
                  - dir: legacy/**
                    reason: moved to the platform repository
                """);

        StackConfig network = stack(result, "network:prod");
        assertThat(network.tool()).isEqualTo(Tool.TOFU);
        assertThat(network.name()).isEqualTo("prod");
        assertThat(network.dependsOn()).containsExactly(StackId.of("dns"));
        assertThat(network.drift()).isEqualTo(new DriftSettings(true, DriftMode.CORRECT, Duration.ofMinutes(15),
                List.of(new IgnoreRule(List.of("aws_autoscaling_group.web.desired_capacity"), "the autoscaler owns it"))));
        assertThat(network.reapply()).isEqualTo(Duration.ofMinutes(15));
        assertThat(network.policy()).isEqualTo(Policy.ON_CHANGE);
        assertThat(network.credentials()).containsExactly(Map.entry("AWS_ACCESS_KEY_ID", "aws-prod-key"));
        assertThat(network.outputs()).contains(new Outputs("out/network.json", false));
        StackConfig dns = stack(result, "dns");
        assertThat(dns.drift().mode()).isEqualTo(DriftMode.REPORT);
        assertThat(dns.drift().every()).isEqualTo(Duration.ofHours(6));
        assertThat(dns.reapply()).isEqualTo(Duration.ofMinutes(60));
        assertThat(result.config().parallelism()).isEqualTo(4);
        assertThat(result.config().stacks()).extracting(StackConfig::id).containsExactly(StackId.of("dns"), StackId.of("network:prod"));
        assertThat(result.ignored()).containsExactly(new IgnoredStack(StackId.of("legacy/old"), "legacy/old",
                "moved to the platform repository"));
    }

    @Test
    void withoutSettingsEveryStackGetsTheDefaults() {
        terraform(root, "dns");
        ConfigResult result = check(root, "{}\n");

        StackConfig dns = stack(result, "dns");
        assertThat(dns.drift()).isEqualTo(DriftSettings.defaults());
        assertThat(dns.reapply()).isEqualTo(StackConfig.DEFAULT_REAPPLY);
        assertThat(dns.policy()).isEqualTo(Policy.ON_CHANGE);
        assertThat(dns.dependsOn()).isEmpty();
        assertThat(dns.autoDepends()).isFalse();
        assertThat(dns.outputs()).isEmpty();
        assertThat(result.warnings()).as("defaults alone never warn").isEmpty();
    }

    @Test
    void theSelfHealGuardRailsAreReadAtTheTopAndPerStack() {
        terraform(root, "dns");
        terraform(root, "network");
        ConfigResult result = check(root, """
                drift:
                  mode: correct
                  maxChanges: 3
                stacks:
                  - dir: network
                    drift:
                      maxChanges: 0
                      allowReplace: true
                """);

        assertThat(stack(result, "dns").drift().maxChanges()).isEqualTo(3);
        assertThat(stack(result, "dns").drift().allowReplace()).isFalse();
        assertThat(stack(result, "network").drift().maxChanges()).isZero();
        assertThat(stack(result, "network").drift().allowReplace()).isTrue();
        assertThat(DriftSettings.defaults().maxChanges()).isEqualTo(DriftSettings.NO_LIMIT);
        assertThat(DriftSettings.defaults().allowReplace()).isFalse();

        ConfigResult wrong = check(root, "drift:\n  maxChanges: -1\n  allowReplace: sometimes\n");
        assertThat(messages(wrong)).containsExactly(
                "`maxChanges` must be a whole number of resources, 0 or more, not the number -1",
                "`allowReplace` must be true or false, not the text `sometimes`");
    }

    @Test
    void parallelismDefaultsToTheCoresAtMostEight() {
        terraform(root, "dns");
        assertThat(new ConfigLoader(2).check("{}", "stacks.yaml", root.resolve("stacks.yaml"), root).config().parallelism()).isEqualTo(2);
        assertThat(new ConfigLoader(32).check("{}", "stacks.yaml", root.resolve("stacks.yaml"), root).config().parallelism()).isEqualTo(8);
        assertThat(new ConfigLoader(32).check("parallelism: 12", "stacks.yaml", root.resolve("stacks.yaml"), root).config().parallelism())
                .isEqualTo(12);
    }

    @Test
    void settingsOfAGlobEntryAndANamedEntryAddUp() {
        terraform(root, "envs/a");
        terraform(root, "envs/b");
        ConfigResult result = check(root, """
                stacks:
                  - dir: envs/*
                    name: prod
                    drift:
                      mode: approve
                    credentials:
                      AWS_PROFILE: shared
                  - dir: envs/a
                    name: prod
                    reapply: 2d
                    credentials:
                      AWS_ACCESS_KEY_ID: a-key
                """);

        StackConfig a = stack(result, "envs/a:prod");
        assertThat(a.drift().mode()).isEqualTo(DriftMode.APPROVE);
        assertThat(a.reapply()).isEqualTo(Duration.ofDays(2));
        assertThat(a.credentials()).containsOnlyKeys("AWS_PROFILE", "AWS_ACCESS_KEY_ID");
        StackConfig b = stack(result, "envs/b:prod");
        assertThat(b.drift().mode()).isEqualTo(DriftMode.APPROVE);
        assertThat(b.reapply()).isEqualTo(StackConfig.DEFAULT_REAPPLY);
        assertThat(b.credentials()).containsOnlyKeys("AWS_PROFILE");
    }

    @Test
    void aNamedEntryWinsOverOneWithoutAName() {
        pulumi(root, "platform", "platform", "dev", "prod");
        ConfigResult result = check(root, """
                stacks:
                  - dir: platform
                    name: prod
                    drift:
                      mode: correct
                  - dir: platform
                    drift:
                      mode: report
                      every: 1h
                """);

        assertThat(stack(result, "platform:prod").drift().mode()).isEqualTo(DriftMode.CORRECT);
        assertThat(stack(result, "platform:prod").drift().every()).isEqualTo(Duration.ofHours(1));
        assertThat(stack(result, "platform:dev").drift().mode()).isEqualTo(DriftMode.REPORT);
    }

    @Test
    void anExactDirectoryWinsOverAGlob() {
        terraform(root, "envs/a");
        terraform(root, "envs/b");
        ConfigResult result = check(root, """
                stacks:
                  - dir: envs/*
                    policy: once
                  - dir: envs/b
                    policy: onChangeOrDependency
                """);

        assertThat(stack(result, "envs/a").policy()).isEqualTo(Policy.ONCE);
        assertThat(stack(result, "envs/b").policy()).isEqualTo(Policy.ON_CHANGE_OR_DEPENDENCY);
    }

    @Test
    void twoNamedEntriesThatDisagreeAreAnErrorButAgreeingOnesAreNot() {
        pulumi(root, "platform", "platform", "prod");
        ConfigResult agree = check(root, """
                stacks:
                  - dir: platform
                    name: prod
                    policy: once
                  - dir: "*"
                    name: prod
                    policy: once
                """);
        assertThat(agree.isValid()).isTrue();

        ConfigResult disagree = check(root, """
                stacks:
                  - dir: platform
                    name: prod
                    policy: once
                  - dir: "*"
                    name: prod
                    policy: onChange
                """);
        assertThat(disagree.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(7);
            assertThat(p.message()).isEqualTo("policy is `onChange` here but `once` in the entry at line 2; both match stack "
                    + "`platform:prod`, and two named entries must agree");
        });
    }

    @Test
    void ignoreRulesAndDependenciesOfSeveralEntriesAddUp() {
        terraform(root, "network");
        terraform(root, "dns");
        terraform(root, "shared");
        ConfigResult result = check(root, """
                stacks:
                  - dir: "*"
                    drift:
                      ignore:
                        - paths: [aws_instance.web.tags.Owner]
                          reason: the cost team tags it
                  - dir: network
                    dependsOn: [dns]
                    drift:
                      ignore:
                        - paths: [aws_autoscaling_group.web.desired_capacity]
                          reason: the autoscaler owns it
                  - dir: network
                    dependsOn: [shared, dns]
                """);

        StackConfig network = stack(result, "network");
        assertThat(network.drift().ignoredPaths())
                .containsExactlyInAnyOrder("aws_instance.web.tags.Owner", "aws_autoscaling_group.web.desired_capacity");
        assertThat(network.dependsOn()).containsExactly(StackId.of("dns"), StackId.of("shared"));
        assertThat(stack(result, "dns").drift().ignoredPaths()).containsExactly("aws_instance.web.tags.Owner");
    }

    @Test
    void modeSynonymsBecomeTheCanonicalWord() {
        for (Map.Entry<String, DriftMode> synonym : Map.of("enabled", DriftMode.CORRECT, "warn", DriftMode.REPORT,
                "disabled", DriftMode.OFF, "auto", DriftMode.CORRECT, "manual", DriftMode.APPROVE, "disable", DriftMode.REPORT,
                "off", DriftMode.OFF, "Correct", DriftMode.CORRECT).entrySet()) {
            terraform(root, "dns");
            ConfigResult result = check(root, "drift:\n  mode: " + synonym.getKey() + "\n");
            assertThat(stack(result, "dns").drift().mode()).as(synonym.getKey()).isEqualTo(synonym.getValue());
        }
    }

    @Test
    void outputsAreAPathOrAMappingWithSensitive() {
        terraform(root, "a");
        terraform(root, "b");
        ConfigResult result = check(root, """
                stacks:
                  - dir: a
                    outputs: ./out/a.json
                  - dir: b
                    outputs:
                      file: out/b.json
                      sensitive: true
                """);

        assertThat(stack(result, "a").outputs()).contains(new Outputs("out/a.json", false));
        assertThat(stack(result, "b").outputs()).contains(new Outputs("out/b.json", true));
    }

    @Test
    void reapplyZeroMeansNeverAndDurationsCombine() {
        terraform(root, "dns");
        ConfigResult result = check(root, "reapply: 0\ndrift:\n  every: 1h30m\n");

        assertThat(stack(result, "dns").reapply()).isEqualTo(Duration.ZERO);
        assertThat(stack(result, "dns").drift().every()).isEqualTo(Duration.ofMinutes(90));
        assertThat(result.warnings()).isEmpty();
    }

    @Test
    void reapplyShorterThanEveryIsAWarningNotAnError() {
        terraform(root, "dns");
        terraform(root, "off");
        ConfigResult result = check(root, """
                drift:
                  every: 6h
                reapply: 1h
                stacks:
                  - dir: off
                    drift:
                      enabled: false
                """);

        assertThat(result.isValid()).isTrue();
        assertThat(result.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(3);
            assertThat(w.column()).isEqualTo(10);
            assertThat(w.message()).isEqualTo("stack `dns`: reapply 1h is shorter than its drift check interval (every 6h); "
                    + "the schedule, not the reapply interval, decides when drift is corrected");
            assertThat(w.hint()).startsWith("reapply: 6h");
        });
        assertThat(result.config().warnings()).isEqualTo(result.warnings());
    }

    @Test
    void autoDependenciesAreForEveryTool() {
        pulumi(root, "app", "shop-app", "prod");
        terraform(root, "dns");
        ConfigResult result = check(root, "stacks:\n  - dir: app\n    dependsOn: auto\n");
        assertThat(stack(result, "shop-app:prod").autoDepends()).isTrue();
        assertThat(stack(result, "shop-app:prod").dependsOn()).isEmpty();

        // a Terraform stack's reads come from its terraform_remote_state blocks (StateReadsConfigTest)
        ConfigResult onTerraform = check(root, "stacks:\n  - dir: \"*\"\n    dependsOn: auto\n");
        assertThat(messages(onTerraform)).isEmpty();
        assertThat(stack(onTerraform, "dns").autoDepends()).isTrue();
    }

    @Test
    void aDependencyOnAnIgnoredStackQuotesTheReason() {
        terraform(root, "dns");
        terraform(root, "legacy");
        ConfigResult result = check(root, """
                stacks:
                  - dir: dns
                    dependsOn: [legacy]
                ignore:
                  - dir: legacy
                    reason: replaced by the new DNS setup
                """);

        assertThat(messages(result))
                .containsExactly("dependsOn names `legacy`, which ignore leaves out: \"replaced by the new DNS setup\"");
    }

    @Test
    void anUnknownDependencyListsTheNearestKnownIds() {
        terraform(root, "network");
        terraform(root, "dns");
        pulumi(root, "platform", "platform", "prod");
        ConfigResult result = check(root, "stacks:\n  - dir: dns\n    dependsOn: [platfrom:prod]\n");

        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.message()).isEqualTo("dependsOn names `platfrom:prod`, which is not a stack here");
            assertThat(p.hint()).isEqualTo("known stack ids nearby: platform:prod, network, dns");
        });
    }

    @Test
    void aCycleIsPrintedOnceFromItsSmallestId() {
        terraform(root, "a");
        terraform(root, "b");
        terraform(root, "c");
        terraform(root, "d");
        ConfigResult result = check(root, """
                stacks:
                  - dir: c
                    dependsOn: [a]
                  - dir: b
                    dependsOn: [c]
                  - dir: a
                    dependsOn: [b]
                  - dir: d
                    dependsOn: [a]
                """);

        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.message()).isEqualTo("dependsOn forms a cycle: a → b → c → a");
            assertThat(p.line()).isEqualTo(7);
        });
    }

    @Test
    void acyclicDependenciesAreFine() {
        terraform(root, "a");
        terraform(root, "b");
        terraform(root, "c");
        ConfigResult result = check(root, """
                stacks:
                  - dir: c
                    dependsOn: [a, b]
                  - dir: b
                    dependsOn: [a]
                """);

        assertThat(result.isValid()).isTrue();
        assertThat(stack(result, "c").dependsOn()).containsExactly(StackId.of("a"), StackId.of("b"));
    }

    @Test
    void everyProblemIsReportedInOneRunInFileOrder() {
        terraform(root, "dns");
        ConfigResult result = check(root, """
                drift: true
                reapply: 10
                stacks:
                  - dir: nowhere
                  - dir: dns
                    polcy: once
                    dependsOn: [ghost]
                """);

        assertThat(result.problems()).extracting(Problem::line).containsExactly(1, 2, 4, 6, 7);
    }

    @Test
    void aFileOfTenMegabytesIsRefusedWithoutReadingIt() throws IOException {
        Path big = root.resolve("stacks.yaml");
        byte[] line = "# padding padding padding padding padding padding padding padding padding\n".getBytes(StandardCharsets.UTF_8);
        try (var out = Files.newOutputStream(big)) {
            for (int written = 0; written < 10_000_000; written += line.length) {
                out.write(line);
            }
        }

        ConfigResult result = ConfigLoader.load(big, root);

        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.message()).startsWith("the file is 1000").endsWith("bytes long; a stacks.yaml may be at most 1000000");
            assertThat(p.hint()).isNotBlank();
        });
    }

    @Test
    void aTooLongStringIsRefusedToo() {
        ConfigResult result = ConfigLoader.parse("a: " + "x".repeat(YamlReader.MAX_CHARS), "stacks.yaml", root);
        assertThat(messages(result)).singleElement().asString().contains("may be at most 1000000");
    }

    @Test
    void aMissingFileIsAProblemNotAnException() {
        ConfigResult result = ConfigLoader.load(root.resolve("nope.yaml"), root);
        assertThat(messages(result)).containsExactly("the configuration file does not exist");
    }

    @Test
    void aDirectoryInsteadOfAFileIsAProblem() {
        ConfigResult result = ConfigLoader.load(root, root);
        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.message()).isEqualTo("this is a directory, not a configuration file");
            assertThat(p.hint()).endsWith("/stacks.yaml");
        });
    }

    @Test
    void aMissingRepositoryRootIsAProblem() {
        ConfigResult result = ConfigLoader.parse("{}", "stacks.yaml", root.resolve("gone"));
        assertThat(messages(result)).singleElement().asString().startsWith("cannot read the repository directory");
    }

    @Test
    void configOfAnInvalidResultExplainsItself() {
        ConfigResult result = ConfigLoader.parse("drift: false", "stacks.yaml", root);
        Assertions.assertThatThrownBy(result::config)
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("stacks.yaml:1:8");
    }

    @Test
    void loadReadsARealFileWithItsNameInProblems() throws IOException {
        Path file = root.resolve("ci/stacks.yaml");
        TestRepos.write(file, "drift:\n  mode: sometimes\n");

        ConfigResult result = ConfigLoader.load(file, root);

        assertThat(result.problems()).singleElement()
                .satisfies(p -> assertThat(p.format()).startsWith(file.toString().replace('\\', '/') + ":2:9: `mode` is `sometimes`"));
    }
}
