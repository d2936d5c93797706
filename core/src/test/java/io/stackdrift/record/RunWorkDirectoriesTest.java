package io.stackdrift.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.model.OtherAccount;
import io.stackdrift.testing.PosixOnly;

@PosixOnly
class RunWorkDirectoriesTest {
    @TempDir
    Path tmp;

    private final List<String> warnings = new ArrayList<>();

    @Test
    void theWorkDirectoryOfAKilledRunIsSweptALiveRunsIsKept() throws Exception {
        Path parent = RunWorkDirectories.sharedParent(tmp, "alice");
        Path mine = RunWorkDirectories.create(tmp, "alice", warnings::add);
        // a run that was killed: its process is gone, its plan JSON is still there
        ProcessOwner dead = deadProcess();
        Path killed = Files.createDirectories(parent.resolve(dead.pid() + "-" + dead.started() + "-0badc0de"));
        Files.writeString(Files.createDirectories(killed.resolve("net/deploy")).resolve("preview.plan.json"), "{}");
        Path unrelated = Files.createDirectories(parent.resolve("not-a-run"));

        assertThat(RunWorkDirectories.sweepDead(tmp, "alice")).isEqualTo(1);

        assertThat(killed).doesNotExist();
        assertThat(mine).isDirectory().hasParent(parent);
        assertThat(unrelated).isDirectory();
        assertThat(mine.getFileName().toString()).startsWith(ProcessHandle.current().pid() + "-");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(mine))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(parent))).isEqualTo("rwx------");
        assertThat(warnings).isEmpty();
    }

    @Test
    void aSharedFolderOthersMayWriteToIsNotUsed() throws Exception {
        Path parent = Files.createDirectory(RunWorkDirectories.sharedParent(tmp, "alice"));
        Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxrwxrwx"));

        Path dir = RunWorkDirectories.create(tmp, "alice", warnings::add);

        assertThatIsPrivateOfItsOwn(dir, parent);
        assertThat(warnings).singleElement().asString().isEqualTo("the work folder " + parent
                + " is not used (others may write to it (rwxrwxrwx)): another account could read this run's plans there; "
                + "this run works in " + dir + " instead (remove " + parent + " to go back to it)");
    }

    @Test
    void aLinkInPlaceOfTheSharedFolderIsNotFollowed() throws Exception {
        Path elsewhere = Files.createDirectory(tmp.resolve("elsewhere"));
        Path parent = Files.createSymbolicLink(RunWorkDirectories.sharedParent(tmp, "alice"), elsewhere);

        Path dir = RunWorkDirectories.create(tmp, "alice", warnings::add);

        assertThatIsPrivateOfItsOwn(dir, parent);
        assertThat(warnings).singleElement().asString().contains("(it is a symbolic link, not a directory)");
        assertThat(elsewhere).isEmptyDirectory();
    }

    @Test
    void aSharedFolderOfAnotherAccountIsNotUsed() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "only root can give a folder to another account");
        Path parent = Files.createDirectory(RunWorkDirectories.sharedParent(tmp, "alice"));
        UserPrincipal nobody = tmp.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(parent, nobody);

        Path dir = RunWorkDirectories.create(tmp, "alice", warnings::add);

        assertThatIsPrivateOfItsOwn(dir, parent);
        assertThat(warnings).singleElement().asString().contains("(it belongs to nobody, not to this user)");
        assertThat(parent).isEmptyDirectory();
    }

    @Test
    void thePrivateDirectoryOfAKilledRunIsSweptToo() throws Exception {
        ProcessOwner dead = deadProcess();
        Path killed = Files.createDirectory(tmp.resolve("stackdrift-work-alice-" + dead.pid() + "-" + dead.started() + "-123456789"));
        Path another = Files.createDirectory(tmp.resolve("stackdrift-work-alice-x"));

        assertThat(RunWorkDirectories.sweepDead(tmp, "alice")).isEqualTo(1);

        assertThat(killed).doesNotExist();
        assertThat(another).isDirectory();
    }

    @Test
    void aDirectoryOfAnotherAccountNamedLikeAKilledRunsIsLeftAlone() throws Exception {
        ProcessOwner dead = deadProcess();
        Path theirs = Files.createDirectory(tmp.resolve("stackdrift-work-alice-" + dead.pid() + "-" + dead.started() + "-123456789"));
        Path chosen = Files.writeString(theirs.resolve("chosen"), "theirs");
        Assumptions.assumeTrue(OtherAccount.give(theirs, chosen), "needs root to give files to another account");

        assertThat(RunWorkDirectories.sweepDead(tmp, "alice")).isZero();

        assertThat(chosen).hasContent("theirs");
    }

    private void assertThatIsPrivateOfItsOwn(final Path dir, final Path refused) throws IOException {
        assertThat(dir.getParent()).isEqualTo(tmp);
        assertThat(dir.getFileName().toString()).startsWith(refused.getFileName() + "-" + ProcessHandle.current().pid() + "-");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    }

    private static ProcessOwner deadProcess() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return ProcessOwner.of(gone.toHandle());
    }
}
