package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.config.DriftMode;
import io.stackdrift.config.DriftSettings;
import io.stackdrift.config.Policy;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.StackId;
import io.stackdrift.model.Tool;

class StackDigestTest {
    @TempDir
    Path repo;

    @TempDir
    Path otherCheckout;

    private StackConfig network;

    static StackConfig stackAt(final String dir) {
        return stack(dir, Duration.ofMinutes(60));
    }

    private static StackConfig stack(final String dir, final Duration reapply) {
        return new StackConfig(StackId.of(dir), Tool.TOFU, dir, "", List.of(), false, DriftSettings.defaults(), reapply,
                Policy.ON_CHANGE, Map.of("AWS_ACCESS_KEY_ID", "aws-prod"), Optional.empty());
    }

    @BeforeEach
    void files() throws IOException, InterruptedException {
        write("network/main.tf", "module \"vpc\" {\n  source = \"../modules/vpc\"\n}\nresource \"a\" \"b\" {}\n");
        write("network/vars.tf", "variable \"x\" {}\n");
        write("modules/vpc/main.tf", "module \"subnet\" {\n  source = \"./subnet\"\n}\n");
        write("modules/vpc/subnet/main.tf", "resource \"s\" \"t\" {}\n");
        write("modules/unused/main.tf", "resource \"u\" \"v\" {}\n");
        network = stack("network", Duration.ofMinutes(60));
    }

    private void write(final String relative, final String text) throws IOException, InterruptedException {
        Path file = repo.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private String digest() throws IOException, InterruptedException {
        return digest(network, "1.9.0");
    }

    private String digest(final StackConfig stack, final String version) throws IOException, InterruptedException {
        return StackDigest.compute(repo, stack, List.of(stack), version, FileLister.WALK);
    }

    @Test
    void isSha256HexAndStable() throws IOException, InterruptedException {
        String first = digest();
        assertThat(first).matches("[0-9a-f]{64}");
        assertThat(digest()).isEqualTo(first);
    }

    @Test
    void doesNotDependOnLineEndingsOrTheOrderFilesWereWritten() throws IOException, InterruptedException {
        String lf = digest();
        write("network/main.tf", Files.readString(repo.resolve("network/main.tf")).replace("\n", "\r\n"));
        assertThat(digest()).isEqualTo(lf);

        // the same files written in the other order, in another checkout
        Path other = otherCheckout;
        Files.createDirectories(other.resolve("network"));
        Files.createDirectories(other.resolve("modules/vpc/subnet"));
        for (String f : List.of("modules/vpc/subnet/main.tf", "modules/vpc/main.tf", "network/vars.tf", "network/main.tf")) {
            Files.copy(repo.resolve(f), other.resolve(f));
        }
        assertThat(StackDigest.compute(other, network, List.of(network), "1.9.0", FileLister.WALK)).isEqualTo(lf);
    }

    @Test
    void oneByteOfTheStackOrOfAReferencedModuleChangesIt() throws IOException, InterruptedException {
        String before = digest();
        write("network/vars.tf", "variable \"y\" {}\n");
        String afterStack = digest();
        assertThat(afterStack).isNotEqualTo(before);
        write("modules/vpc/subnet/main.tf", "resource \"s\" \"u\" {}\n");
        String afterNestedModule = digest();
        assertThat(afterNestedModule).isNotEqualTo(afterStack);
        write("modules/unused/main.tf", "changed\n");
        assertThat(digest()).isEqualTo(afterNestedModule);
    }

    @Test
    void addingRenamingOrMovingBytesBetweenFilesChangesIt() throws IOException, InterruptedException {
        String before = digest();
        write("network/extra.tf", "");
        String added = digest();
        assertThat(added).isNotEqualTo(before);
        Files.delete(repo.resolve("network/extra.tf"));
        assertThat(digest()).isEqualTo(before);
        Files.move(repo.resolve("network/vars.tf"), repo.resolve("network/variables.tf"));
        assertThat(digest()).isNotEqualTo(before);
    }

    @Test
    void toolCachesStateAndOurOverrideAreLeftOut() throws IOException, InterruptedException {
        String before = digest();
        write("network/.terraform/providers/x", "cache");
        write("network/terraform.tfstate", "{}");
        write("network/terraform.tfstate.backup", "{}");
        write("network/.git/HEAD", "ref");
        write("network/node_modules/x/index.js", "x");
        write("network/.pulumi/x", "x");
        write("network/stackdrift_override.tf", "# stackdrift\n");
        assertThat(digest()).isEqualTo(before);
    }

    @Test
    void settingsAndToolVersionAreIn() throws IOException, InterruptedException {
        String before = digest();
        assertThat(digest(stack("network", Duration.ofMinutes(15)), "1.9.0")).isNotEqualTo(before);
        assertThat(digest(network, "1.9.1")).isNotEqualTo(before);
        StackConfig reportToCorrect = new StackConfig(network.id(), network.tool(), network.dir(), "", List.of(), false,
                new DriftSettings(true, DriftMode.CORRECT, DriftSettings.DEFAULT_EVERY, List.of()), network.reapply(), network.policy(),
                network.credentials(), Optional.empty());
        assertThat(digest(reportToCorrect, "1.9.0")).isNotEqualTo(before);
    }

    @Test
    void aRootStackLeavesOutTheStacksNestedInIt() throws IOException, InterruptedException {
        write("main.tf", "terraform {}\n");
        StackConfig root = stack(".", Duration.ZERO);
        List<StackConfig> all = List.of(root, network);
        String before = StackDigest.compute(repo, root, all, "1", FileLister.WALK);
        write("network/vars.tf", "variable \"z\" {}\n");
        assertThat(StackDigest.compute(repo, root, all, "1", FileLister.WALK)).isEqualTo(before);
        write("main.tf", "terraform { }\n");
        assertThat(StackDigest.compute(repo, root, all, "1", FileLister.WALK)).isNotEqualTo(before);
    }

    @Test
    void binaryFilesAreNotNormalized() {
        byte[] binary = {0, '\r', '\n'};
        assertThat(StackDigest.normalized(binary)).containsExactly(0, '\r', '\n');
        assertThat(StackDigest.normalized("a\r\nb\r".getBytes(StandardCharsets.UTF_8))).containsExactly('a', '\n', 'b', '\r');
    }

    @Test
    void dependencyDigestsFoldInWhateverTheMapOrder() {
        String own = "a".repeat(64);
        Map<StackId, String> deps = new LinkedHashMap<>();
        deps.put(StackId.of("dns"), "1");
        deps.put(StackId.of("base"), "2");
        Map<StackId, String> reversed = new LinkedHashMap<>();
        reversed.put(StackId.of("base"), "2");
        reversed.put(StackId.of("dns"), "1");
        String folded = StackDigest.withDependencies(own, deps);
        assertThat(StackDigest.withDependencies(own, reversed)).isEqualTo(folded);
        assertThat(StackDigest.withDependencies(own, Map.of(StackId.of("dns"), "1", StackId.of("base"), "3"))).isNotEqualTo(folded);
        assertThat(folded).isNotEqualTo(StackDigest.withDependencies(own, Map.of()));
    }

    @Test
    void aCrlfSplitAcrossTheReadBufferDigestsLikeAnLf() throws IOException, InterruptedException {
        for (int at : List.of(StackDigest.BUFFER - 1, 2 * StackDigest.BUFFER - 1)) {
            String head = "#".repeat(at);
            write("network/big.tf", head + "\n" + "x\n");
            String lf = digest();
            write("network/big.tf", head + "\r\n" + "x\r\n");
            assertThat(Files.readAllBytes(repo.resolve("network/big.tf"))[at]).isEqualTo((byte) '\r');
            assertThat(digest()).as("CR at byte %d", at).isEqualTo(lf);
            write("network/big.tf", head + "\r" + "x\n");
            assertThat(digest()).as("a lone CR at byte %d stays", at).isNotEqualTo(lf);
        }
    }

    @Test
    void streamingKeepsTheDigestsRecordedBeforeIt() throws IOException, InterruptedException {
        write("network/crlf.tf", "a\r\nb\r\n");
        Files.write(repo.resolve("network/blob.bin"), new byte[] {0, '\r', '\n', 1});
        // computed by the implementation that read files whole (before streaming): recorded digests stay valid
        assertThat(digest()).isEqualTo("6a6c0834b4833c28471bfad7436e20dddd354d35462eb11a15b3505ed753ecda");
    }
}
