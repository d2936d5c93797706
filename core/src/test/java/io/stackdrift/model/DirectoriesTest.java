package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
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
    void aDirectorySwappedForALinkInTheMiddleOfADeletionSendsNoDeleteThroughTheLink() throws IOException {
        Path target = Directories.ensure(temp.resolve("chosen-by-another-account"));
        Path precious = Files.writeString(target.resolve("plan.json"), "theirs");
        Path tree = Directories.ensure(temp.resolve("tree"));
        Path sub = Directories.ensure(tree.resolve("sub"));
        Files.writeString(sub.resolve("plan.json"), "ours");
        Path movedAway = temp.resolve("moved-away");

        // asked about each file just before it is deleted: the moment to swap the folder it is in for a link
        Directories.deleteExcept(tree, file -> {
            if (file.getParent().getFileName().toString().equals("sub") && Files.notExists(movedAway)) {
                try {
                    Files.move(sub, movedAway);
                    Files.createSymbolicLink(sub, target);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return false;
        });

        assertThat(precious).hasContent("theirs");
        assertThat(movedAway.resolve("plan.json")).doesNotExist();
    }

    @Test
    void aSweepLeavesATreeOfAnotherAccountAndALinkOfItAlone() throws IOException {
        Path theirs = Directories.ensure(temp.resolve("theirs"));
        Path file = Files.writeString(theirs.resolve("chosen"), "x");
        Path planted = Files.createSymbolicLink(temp.resolve("planted"), theirs);
        Path ours = Directories.ensure(temp.resolve("ours").resolve("deep"));
        Files.writeString(ours.resolve("f"), "x");
        Assumptions.assumeTrue(OtherAccount.give(theirs, file, planted), "needs root to give files to another account");

        assertThat(Directories.sweep(theirs)).isFalse();
        assertThat(Directories.sweep(planted)).isFalse();
        assertThat(Directories.sweep(temp.resolve("ours"))).isTrue();

        assertThat(file).hasContent("x");
        assertThat(planted).isSymbolicLink();
        assertThat(temp.resolve("ours")).doesNotExist();
    }

    @Test
    void deletingWhatIsNotThereDoesNothing() {
        Directories.delete(temp.resolve("never-made"));

        assertThat(temp).isDirectory();
    }
}
