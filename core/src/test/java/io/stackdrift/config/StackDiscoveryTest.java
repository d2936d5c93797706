package io.stackdrift.config;

import static io.stackdrift.config.TestRepos.check;
import static io.stackdrift.config.TestRepos.pulumi;
import static io.stackdrift.config.TestRepos.terraform;
import static io.stackdrift.config.TestRepos.tofu;
import static io.stackdrift.config.TestRepos.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Problem;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StackDiscoveryTest {
    @TempDir
    Path root;

    private List<String> ids(final ConfigResult result) {
        assertThat(result.problems()).isEmpty();
        return result.config().stacks().stream().map(s -> s.id().value()).toList();
    }

    private Tool tool(final ConfigResult result, final String id) {
        return result.config().stack(StackId.of(id)).orElseThrow().tool();
    }

    @Test
    void aPulumiProjectIsNamedByItsPulumiYamlNotItsDirectory() {
        pulumi(root, "services/app", "shop-app", "prod", "staging");

        ConfigResult result = check(root, "{}");

        assertThat(ids(result)).containsExactly("shop-app:prod", "shop-app:staging");
        assertThat(result.config().stacks()).allSatisfy(s -> {
            assertThat(s.tool()).isEqualTo(Tool.PULUMI);
            assertThat(s.dir()).isEqualTo("services/app");
        });
        assertThat(result.config().stack(StackId.of("shop-app:prod")).orElseThrow().name()).isEqualTo("prod");
    }

    @Test
    void aNamedEntryAddsAPulumiStackThatHasNoConfigFile() {
        pulumi(root, "app", "shop-app", "prod");
        assertThat(ids(check(root, "stacks:\n  - dir: app\n    name: canary\n"))).containsExactly("shop-app:canary", "shop-app:prod");
    }

    @Test
    void rootModulesAreFoundByTheirTerraformBlockBackendOrLockFile() {
        terraform(root, "with-block");
        write(root.resolve("with-backend/backend.tf"), "  backend \"s3\" {\n  }\n");
        write(root.resolve("with-lock/main.tf"), "resource \"aws_vpc\" \"main\" {}\n");
        write(root.resolve("with-lock/.terraform.lock.hcl"), "provider \"registry.terraform.io/hashicorp/aws\" {}\n");
        write(root.resolve("tofu-file/main.tofu"), "terraform {}\n");
        write(root.resolve("plain/main.tf"), "# terraform {\nresource \"aws_vpc\" \"main\" {}\n");

        assertThat(ids(check(root, "{}"))).containsExactly("tofu-file", "with-backend", "with-block", "with-lock");
    }

    @Test
    void tofuIsDetectedFromTheLockFileOrTofuFilesAndToolOverridesIt() {
        tofu(root, "network");
        terraform(root, "dns");
        write(root.resolve("edge/main.tofu"), "terraform {}\n");

        ConfigResult detected = check(root, "{}");
        assertThat(tool(detected, "network")).isEqualTo(Tool.TOFU);
        assertThat(tool(detected, "dns")).isEqualTo(Tool.TERRAFORM);
        assertThat(tool(detected, "edge")).isEqualTo(Tool.TOFU);

        ConfigResult chosen = check(root, "stacks:\n  - dir: network\n    tool: terraform\n  - dir: dns\n    tool: tofu\n");
        assertThat(tool(chosen, "network")).isEqualTo(Tool.TERRAFORM);
        assertThat(tool(chosen, "dns")).isEqualTo(Tool.TOFU);
    }

    @Test
    void sharedModulesAreNotStacksUnlessAnEntryNamesThem() {
        terraform(root, "network");
        terraform(root, "modules/vpc");
        write(root.resolve("modules/plain/main.tf"), "variable \"x\" {}\n");

        assertThat(ids(check(root, "{}"))).containsExactly("network");
        assertThat(ids(check(root, "stacks:\n  - dir: modules/vpc\n"))).containsExactly("modules/vpc", "network");
        assertThat(ids(check(root, "stacks:\n  - dir: modules/plain\n"))).as("an exact entry makes .tf files a root module")
                .containsExactly("modules/plain", "network");
    }

    @Test
    void aGlobEntryDoesNotTurnAPlainModuleIntoAStack() {
        terraform(root, "envs/a");
        write(root.resolve("envs/lib/main.tf"), "variable \"x\" {}\n");
        assertThat(ids(check(root, "stacks:\n  - dir: envs/*\n    policy: once\n"))).containsExactly("envs/a");
    }

    @Test
    void hiddenDirectoriesNodeModulesAndTerraformCachesAreSkipped() {
        terraform(root, "network");
        terraform(root, "network/.terraform/modules/vpc");
        terraform(root, ".git/objects");
        pulumi(root, "app/node_modules/@pulumi/thing", "thing", "dev");
        terraform(root, ".hidden");

        assertThat(ids(check(root, "{}"))).containsExactly("network");
    }

    @Test
    void theRepositoryRootItselfCanBeAStack() {
        terraform(root, ".");
        assertThat(ids(check(root, "stacks:\n  - dir: .\n    policy: once\n"))).containsExactly(".");
    }

    @Test
    void namedEntriesGiveTerraformWorkspacesAndDefaultHasNoSuffix() {
        terraform(root, "network");
        assertThat(ids(check(root, "stacks:\n  - dir: network\n    name: prod\n  - dir: network\n    name: staging\n")))
                .containsExactly("network:prod", "network:staging");
        assertThat(ids(check(root, "stacks:\n  - dir: network\n    name: default\n"))).containsExactly("network");
    }

    @Test
    void ignoreLeavesStacksOutWithTheirReason() {
        terraform(root, "network");
        terraform(root, "legacy");
        terraform(root, "legacy/old/eu");
        pulumi(root, "legacy/app", "old-app", "prod");

        ConfigResult result = check(root, "ignore:\n  - dir: legacy/**\n    reason: moved away\n");

        assertThat(ids(result)).containsExactly("network");
        assertThat(result.ignored()).extracting(IgnoredStack::id).extracting(StackId::value)
                .containsExactly("legacy", "legacy/old/eu", "old-app:prod");
        assertThat(result.ignored()).allSatisfy(i -> assertThat(i.reason()).isEqualTo("moved away"));
    }

    @Test
    void aPulumiYamlWithoutANameIsAProblemAtThatFile() {
        write(root.resolve("app/Pulumi.yaml"), "runtime: nodejs\n");
        write(root.resolve("app/Pulumi.prod.yaml"), "config: {}\n");

        ConfigResult result = new ConfigLoader(2).check("{}", "repo/stacks.yaml", root.resolve("stacks.yaml"), root);

        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("repo/app/Pulumi.yaml");
            assertThat(p.message()).isEqualTo("this Pulumi project has no `name:`; the name is part of every stack id");
            assertThat(p.hint()).startsWith("name: app");
        });
    }

    @Test
    void aBrokenPulumiYamlIsReportedWithItsPosition() {
        write(root.resolve("app/Pulumi.yaml"), "name: [shop\n");
        List<Problem> problems = new ArrayList<>();

        List<ProjectDirectory> found = new StackDiscovery(root, "", problems).scan();

        assertThat(found).isEmpty();
        assertThat(problems).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("app/Pulumi.yaml");
            assertThat(p.line()).isEqualTo(1);
        });
    }

    @Test
    void theScanDescribesEachDirectoryInPathOrder() {
        tofu(root, "b");
        pulumi(root, "a", "proj", "x");
        terraform(root, "modules/m");
        List<Problem> problems = new ArrayList<>();

        List<ProjectDirectory> found = new StackDiscovery(root, "", problems).scan();

        assertThat(found).containsExactly(
                new ProjectDirectory("a", "proj", List.of("x"), false, false, false, false),
                new ProjectDirectory("b", "", List.of(), true, true, true, false),
                new ProjectDirectory("modules/m", "", List.of(), true, true, false, true));
        assertThat(problems).isEmpty();
    }

    @Test
    void twoPulumiProjectsWithOneNameAreAProblemAtTheSecondOne() {
        pulumi(root, "a", "shop", "prod");
        pulumi(root, "b", "shop", "prod", "dev");

        ConfigResult result = check(root, "{}");

        assertThat(result.problems()).singleElement().satisfies(p -> {
            assertThat(p.file()).isEqualTo("b/Pulumi.yaml");
            assertThat(p.message()).isEqualTo("stack id `shop:prod` is also the id of the stack in `a`; every stack needs its own id");
        });
    }

    @Test
    void aRepositoryWithoutStacksIsValidWithAWarning() {
        write(root.resolve("README.md"), "nothing to deploy\n");

        ConfigResult result = check(root, "{}");

        assertThat(result.isValid()).isTrue();
        assertThat(result.config().stacks()).isEmpty();
        assertThat(result.warnings()).singleElement().satisfies(w -> assertThat(w.message()).startsWith("no stacks found"));
    }

    @Test
    void anIgnoreEntryThatMatchesNothingIsAWarning() {
        terraform(root, "network");

        ConfigResult result = check(root, "ignore:\n  - dir: old/**\n    reason: gone\n");

        assertThat(result.isValid()).isTrue();
        assertThat(result.warnings()).singleElement().satisfies(w -> {
            assertThat(w.line()).isEqualTo(2);
            assertThat(w.message()).isEqualTo("the ignore entry `old/**` matches no stack directory");
        });
    }
}
