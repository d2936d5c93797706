package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoriesTest {
    @TempDir
    Path temp;

    @Test
    void makesTheMissingParentsAndLeavesAnExistingDirectoryAlone() throws IOException {
        Path dir = temp.resolve("a").resolve("b");

        assertThat(Directories.ensure(dir)).isEqualTo(dir).isDirectory();
        Path inside = Files.writeString(dir.resolve("kept"), "x");
        assertThat(Directories.ensure(dir)).isDirectory();
        assertThat(inside).hasContent("x");
    }

    @Test
    void aFileInTheWayIsAnError() throws IOException {
        Path file = Files.writeString(temp.resolve("f"), "x");

        assertThatThrownBy(() -> Directories.ensure(file)).isInstanceOf(FileAlreadyExistsException.class);
    }

    @Test
    void deletingATreeKeepsWhatItIsToldAndItsFoldersAndNeverFollowsALinkOut() throws IOException {
        Path outside = Files.writeString(Directories.ensure(temp.resolve("outside")).resolve("precious"), "x");
        Path tree = Directories.ensure(temp.resolve("tree").resolve("a").resolve("b"));
        Files.writeString(tree.resolve("plan.json"), "{}");
        Path kept = Files.writeString(tree.resolve("kept.bin"), "x");
        Files.writeString(Directories.ensure(temp.resolve("tree").resolve("c")).resolve("log"), "");
        Files.createSymbolicLink(temp.resolve("tree").resolve("link"), outside.getParent());

        Directories.deleteExcept(temp.resolve("tree"), file -> file.getFileName().toString().endsWith(".bin"));

        assertThat(kept).exists();
        assertThat(tree.resolve("plan.json")).doesNotExist();
        assertThat(temp.resolve("tree").resolve("c")).doesNotExist();
        assertThat(outside).hasContent("x");

        Directories.delete(temp.resolve("tree"));

        assertThat(temp.resolve("tree")).doesNotExist();
        assertThat(outside).hasContent("x");
    }

    @Test
    void deletingWhatIsNotThereDoesNothing() {
        Directories.delete(temp.resolve("never-made"));

        assertThat(temp).isDirectory();
    }
}
