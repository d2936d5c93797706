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
}
