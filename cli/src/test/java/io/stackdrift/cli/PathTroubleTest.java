package io.stackdrift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.stackdrift.testing.PosixOnly;

/** A permission refused is worded by what was refused: the file, its owner and mode, not the directory's permissions. */
@PosixOnly
class PathTroubleTest {
    @TempDir
    Path record;

    @Test
    void aFileThatMayNotBeOpenedIsNamedWithItsOwnerAndMode() throws Exception {
        Path counter = Files.writeString(record.resolve("run-ids"), "7\n");
        Files.setPosixFilePermissions(counter, PosixFilePermissions.fromString("rw-------"));
        String owner = Files.getOwner(counter).getName();

        String words = PathTrouble.describe(record, new AccessDeniedException(counter.toString()));

        assertThat(words).isEqualTo("no permission to open " + counter + " (it belongs to " + owner + ", rw-------)");
    }

    @Test
    void anEntryThatMayNotBeCreatedNamesTheDirectoryItWasToGoIn() throws Exception {
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("r-xr-xr-x"));
        String owner = Files.getOwner(record).getName();

        assertThat(PathTrouble.describe(record, new AccessDeniedException(record.resolve(".run-ids.1.tmp").toString())))
                .isEqualTo("no permission to create anything in " + record + " (it belongs to " + owner + ", r-xr-xr-x)");
        Path deeper = record.resolve("a").resolve("b");
        assertThat(PathTrouble.describe(deeper, new AccessDeniedException(record.resolve("a").toString())))
                .isEqualTo("no permission to create a directory in " + record + " (it belongs to " + owner + ", r-xr-xr-x)");
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rwx------"));
    }
}
