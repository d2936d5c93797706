package io.stackdrift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmSpillDirectoryTest {
    @TempDir
    Path tmp;

    @Test
    void temporarySpillFilesGoToThisJvmsOwnDirectory() throws IOException {
        ChangeList.Builder builder = ChangeList.builder(ChangeList.SpillTarget.temporary(), 1);
        builder.add(new Change(Action.UPDATE, "t", "t.a", List.of(), Cause.DRIFT)).add(new Change(Action.UPDATE, "t", "t.b",
                List.of(), Cause.DRIFT));

        ChangeList list = builder.build();

        assertThat(list.isSpilled()).isTrue();
        assertThat(JvmSpillDirectory.get().getFileName().toString())
                .startsWith(JvmSpillDirectory.PREFIX + ProcessHandle.current().pid() + "-");
        try (Stream<Path> files = Files.list(JvmSpillDirectory.get())) {
            assertThat(files.filter(ChangeList::isSpillFile).count()).isPositive();
        }
        assertThat(list.toList()).extracting(Change::address).containsExactly("t.a", "t.b");
    }

    @Test
    void theDirectoriesOfJvmsThatAreGoneAreSweptAndTheLiveOnesKept() throws IOException {
        // a pid no live process has on this machine (beyond pid_max), and this JVM's own
        Path dead = Files.createDirectories(tmp.resolve(JvmSpillDirectory.PREFIX + "99999999-1"));
        Files.writeString(dead.resolve("changes-1.bin"), "x");
        Path live = Files.createDirectories(tmp.resolve(JvmSpillDirectory.PREFIX + ProcessHandle.current().pid() + "-2"));
        Path foreign = Files.createDirectories(tmp.resolve(JvmSpillDirectory.PREFIX + "not-a-pid"));

        assertThat(JvmSpillDirectory.sweepDead(tmp)).isOne();

        assertThat(dead).doesNotExist();
        assertThat(live).isDirectory();
        assertThat(foreign).isDirectory();
    }

    @Test
    void aSweepNeverTouchesADirectoryOfAnotherAccountNorGoesThroughALink() throws IOException {
        Path theirs = Files.createDirectories(tmp.resolve(JvmSpillDirectory.PREFIX + "99999998-1"));
        Path chosen = Files.writeString(theirs.resolve("changes-1.bin"), "theirs");
        Path target = Files.createDirectories(tmp.resolve("elsewhere"));
        Path precious = Files.writeString(target.resolve("precious"), "x");
        Path planted = Files.createSymbolicLink(tmp.resolve(JvmSpillDirectory.PREFIX + "99999997-1"), target);
        Assumptions.assumeTrue(OtherAccount.give(theirs, chosen), "needs root to give files to another account");

        assertThat(JvmSpillDirectory.sweepDead(tmp)).isZero();

        assertThat(chosen).hasContent("theirs");
        assertThat(precious).hasContent("x");
        assertThat(planted).isSymbolicLink();
    }
}
