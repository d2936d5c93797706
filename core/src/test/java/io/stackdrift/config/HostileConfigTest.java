package io.stackdrift.config;

import static io.stackdrift.config.TestRepos.check;
import static io.stackdrift.config.TestRepos.terraform;
import static io.stackdrift.config.TestRepos.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.Problem;
import io.stackdrift.testing.PosixOnly;

/** stacks.yaml from a hostile world: paths that lead where a deploy must not write, files that are not files. */
@PosixOnly
class HostileConfigTest {
    @TempDir
    Path root;

    @TempDir
    Path elsewhere;

    private static String outputs(final String file) {
        return "stacks:\n  - dir: network\n    outputs: " + file + "\n";
    }

    @Test
    void anOutputsFileMayNotReplaceCodeConfigurationOrHistory() {
        terraform(root, "network");
        terraform(root, "dns");
        for (String bad : List.of("stacks.yaml", "network/main.tf", "dns/out.json", ".git/config", ".stackdrift/runs.json")) {
            ConfigResult result = check(root, outputs(bad));
            assertThat(result.isValid()).as(bad).isFalse();
            assertThat(result.problems()).as(bad).singleElement().satisfies(p -> {
                assertThat(p.line()).isEqualTo(3);
                assertThat(p.column()).isEqualTo(14);
                assertThat(p.message()).startsWith("`outputs` `" + bad + "` ");
            });
        }
        assertThat(check(root, outputs("network/main.tf")).problems().get(0).message())
                .contains("inside the directory of stack `network`");
        assertThat(check(root, outputs("stacks.yaml")).problems().get(0).message()).endsWith("is the configuration file");
        assertThat(check(root, outputs("out/network.json")).isValid()).isTrue();
    }

    @Test
    void anOutputsPathThroughASymbolicLinkOutOfTheRepositoryIsRefused() throws Exception {
        terraform(root, "network");
        Files.createSymbolicLink(root.resolve("out"), elsewhere);
        Files.createSymbolicLink(root.resolve("net-code"), root.resolve("network"));

        ConfigResult out = check(root, outputs("out/network.json"));
        ConfigResult intoCode = check(root, outputs("net-code/outputs.json"));

        assertThat(out.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(3);
            assertThat(p.message()).contains("leads out of the repository");
        });
        assertThat(intoCode.problems()).singleElement().satisfies(p -> assertThat(p.message()).contains("stack `network`"));
    }

    @Test
    void anOutputsFileGitTracksIsRefused() throws Exception {
        terraform(root, "network");
        write(root.resolve("docs/network.json"), "{}");
        Process git = new ProcessBuilder("sh", "-c", "git init -q . && git add docs/network.json").directory(root.toFile())
                .redirectErrorStream(true).start();
        Assumptions.assumeTrue(git.waitFor(30, TimeUnit.SECONDS) && git.exitValue() == 0, "git is needed to make an index");

        assertThat(check(root, outputs("docs/network.json")).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).endsWith("is a file git tracks; a deploy would overwrite it"));
        assertThat(check(root, outputs("docs/other.json")).isValid()).isTrue();
    }

    @Test
    void aNulInAnyPathSettingIsAProblemAtItsPositionAndTheOtherProblemsStillShow() {
        terraform(root, "network");

        ConfigResult result = check(root, """
                stacks:
                  - dir: "net\\0work"
                  - dir: network
                    outputs: "out/a\\0b.json"
                    polcy: always
                ignore:
                  - dir: "old\\u0007"
                    reason: gone
                """);

        assertThat(result.isValid()).isFalse();
        assertThat(result.problems()).extracting(Problem::line, Problem::column, p -> p.message().contains("control character"))
                .contains(Tuple.tuple(2, 10, true), Tuple.tuple(4, 14, true),
                        Tuple.tuple(7, 10, true));
        assertThat(result.problems()).anySatisfy(p -> assertThat(p.message()).startsWith("unknown key `polcy`"));
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aDeviceOrAFifoIsRefusedWithoutReadingIt() throws Exception {
        Path zero = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero here");
        assertThat(ConfigLoader.load(zero, root).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).isEqualTo("this is not a regular file (a device, pipe or socket)"));

        Path fifo = root.resolve("stacks.yaml");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "no mkfifo here");
        assertThat(ConfigLoader.load(fifo, root).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).isEqualTo("this is not a regular file (a device, pipe or socket)"));
    }

    @Test
    void aRootModuleDeeperThanTheSearchIsFoundByItsExactDirAndOtherwiseSaid() {
        String deep = String.join("/", IntStream.rangeClosed(1, 35).mapToObj(i -> "d" + i).toList());
        terraform(root, deep);
        terraform(root, "network");

        ConfigResult named = check(root, "stacks:\n  - dir: " + deep + "\n");
        assertThat(named.problems()).isEmpty();
        assertThat(named.config().stacks()).extracting(s -> s.id().value()).contains(deep);

        ConfigResult discovered = check(root, "stacks: []\n");
        assertThat(discovered.isValid()).isTrue();
        assertThat(discovered.config().stacks()).extracting(s -> s.id().value()).containsExactly("network");
        assertThat(discovered.warnings()).anySatisfy(w -> assertThat(w.message())
                .startsWith("1 directory is more than 29 levels deep and not searched for stacks, e.g. d1/d2/"));
    }
}
