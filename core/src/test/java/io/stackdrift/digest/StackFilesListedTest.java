package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/** Which files a listed or walked stack directory gives, for the cases git's list and the walk do not show elsewhere. */
@PosixOnly
class StackFilesListedTest {
    @TempDir
    Path temp;

    private Path repo() {
        return temp.resolve("repo");
    }

    private void write(final String relative, final String text) throws IOException {
        Path file = repo().resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private Map<String, StackFiles.Content> contents(final Path root, final String stackDir, final FileLister lister)
            throws IOException, InterruptedException {
        Map<String, StackFiles.Content> out = new TreeMap<>();
        StackFiles.entries(root, root.resolve(stackDir), Set.of(), lister).forEach(e -> out.put(e.label(), e.content()));
        return out;
    }

    /** A lister that lists exactly these paths of the repository (as git would, absolute and normalized). */
    private FileLister listing(final String... relative) {
        return dir -> Optional.of(Arrays.stream(relative).map(r -> repo().resolve(r).toAbsolutePath().normalize()).toList());
    }

    @Test
    void aListedDirectoryIsWalkedAndAListedFileInAToolsDirectoryIsNot() throws Exception {
        write("network/main.tf", "terraform {}\n");
        write("network/sub/extra.tf", "x\n");
        write("network/.terraform/modules/cached.tf", "x\n");
        write("network/lib/util.tf", "x\n");
        write("network/venv", "a file named like a skipped directory is the user's\n");
        FileLister lister = listing("network/main.tf", "network/sub", "network/.terraform/modules/cached.tf", "network/lib/util.tf",
                "network/venv");

        assertThat(contents(repo(), "network", lister))
                .containsOnlyKeys("stack/main.tf", "stack/sub/extra.tf", "stack/lib/util.tf", "stack/venv");
    }

    @Test
    void withoutGitAMavenProjectsTargetIsLeftOutButATargetElsewhereIsNot() throws Exception {
        write("java/pom.xml", "<project/>\n");
        write("java/src/Main.java", "class Main {}\n");
        write("java/target/classes/Main.class", "x");
        write("plain/target/main.tf", "x\n");

        assertThat(contents(repo(), "java", FileLister.WALK)).containsOnlyKeys("stack/pom.xml", "stack/src/Main.java");
        assertThat(contents(repo(), "plain", FileLister.WALK)).containsOnlyKeys("stack/target/main.tf");
    }

    @Test
    void aRepositoryReachedThroughALinkStillFollowsTheLinksInsideIt() throws Exception {
        write("shared/provider.tf", "provider \"aws\" {}\n");
        write("network/main.tf", "terraform {}\n");
        Files.createSymbolicLink(repo().resolve("network/provider.tf"), Path.of("../shared/provider.tf"));
        Path viaLink = Files.createSymbolicLink(temp.resolve("checkout"), repo());

        assertThat(contents(viaLink, "network", FileLister.WALK)).containsEntry("stack/provider.tf", StackFiles.Content.FILE);
    }

    @Test
    void ourOverridesTemporaryFilesAreLeftOutAndModulesInTofuFilesAreFollowed() throws Exception {
        assertThat(StackFiles.isCovered(".stackdrift_override.tf.123.tmp")).isFalse();
        assertThat(StackFiles.isCovered(".stackdrift_override.tf.bak")).isTrue();
        assertThat(StackFiles.isCovered("notes.tmp")).isTrue();

        write("network/main.tofu", "module \"vpc\" {\n  source = \"../modules/vpc\"\n}\n");
        write("network/stackdrift_override.tf", "module \"x\" {\n  source = \"../modules/ours\"\n}\n");
        write("modules/vpc/main.tf", "x\n");
        write("modules/ours/main.tf", "x\n");
        assertThat(StackFiles.referencedModules(repo().resolve("network")))
                .containsExactly(repo().resolve("modules/vpc").toAbsolutePath().normalize());
        assertThat(StackFiles.referencedModules(repo().resolve("nowhere"))).isEmpty();
        assertThat(List.copyOf(StackFiles.localModules(repo().resolve("network/main.tofu")))).isEmpty();
    }
}
