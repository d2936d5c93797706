package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.IgnoreRule;
import io.stackdrift.config.Outputs;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;
import io.stackdrift.testing.PosixOnly;

/** What goes into a digest beyond plain files: missing modules, links that count as text, settings, the own digest. */
@PosixOnly
class DigestInputsTest {
    @TempDir
    Path repo;

    private static StackConfig network(final List<IgnoreRule> ignore, final Optional<Outputs> outputs) {
        return new StackConfig(StackId.of("network"), Tool.TOFU, "network", "", List.of(), false,
                new DriftSettings(true, DriftMode.REPORT, Duration.ofHours(6), ignore), Duration.ZERO, Policy.ON_CHANGE, Map.of(),
                outputs);
    }

    @Test
    void aDigestRecordedWithAMissingModuleAndADanglingLinkStaysTheDigestOfTheSameFiles() throws Exception {
        Files.createDirectories(repo.resolve("network"));
        Files.writeString(repo.resolve("network/main.tf"), "module \"gone\" {\n  source = \"../modules/gone\"\n}\n",
                StandardCharsets.UTF_8);
        Files.createSymbolicLink(repo.resolve("network/old.tf"), Path.of("nowhere.tf"));
        StackConfig stack = network(List.of(), Optional.empty());

        assertThat(StackFiles.collect(repo, repo.resolve("network"), Set.of(), FileLister.WALK))
                .containsOnlyKeys("stack/main.tf", "stack/old.tf", "module/modules/gone/<missing>");
        // computed by this version: a digest recorded once must keep matching, or every stack redeploys after an upgrade
        assertThat(StackDigest.compute(repo, stack, List.of(stack), "1.9.0", FileLister.WALK))
                .isEqualTo("4680f3d4d98f2a339d5cc26909a03d3c4498288c6b207e435bada8d6580aaebc");
    }

    @Test
    void ignoreRulesAndTheOutputsFileAreSettingsOfTheDigest() {
        IgnoreRule rule = new IgnoreRule(List.of("tags", "description"), "set by hand");
        assertThat(StackDigest.canonicalSettings(network(List.of(rule), Optional.of(new Outputs("out/network.json", true)))))
                .contains("drift.ignore=description,tags\n", "outputs=out/network.json sensitive\n");
        assertThat(StackDigest.canonicalSettings(network(List.of(), Optional.of(new Outputs("out/network.json", false)))))
                .contains("outputs=out/network.json\n").doesNotContain("drift.ignore");
        assertThat(StackDigest.canonicalSettings(network(List.of(), Optional.empty()))).doesNotContain("outputs");
    }

    @Test
    void theStacksOwnDigestCountsBesideItsDependencies() {
        Map<StackId, String> deps = Map.of(StackId.of("base"), "1");
        assertThat(StackDigest.withDependencies("a".repeat(64), deps)).isNotEqualTo(StackDigest.withDependencies("b".repeat(64), deps));
    }
}
