package io.stackdrift.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The files of a record (the history, the run counter, the locks, the shards' board) get the mode the umask gives, so
 * that two accounts of one group can share a record: never a JDK temporary file, which is {@code rw-------} whatever the
 * umask (docs/records.md, "File modes").
 */
public final class RecordFileRule {
    /** The packages that write the record. */
    static final String[] RECORD_PACKAGES = {"io.stackdrift.record..", "io.stackdrift.local.."};

    private RecordFileRule() {
    }

    /** The rule over the classes of {@code packages}. */
    public static ArchRule modesFollowTheUmaskIn(final String... packages) {
        return noClasses().that().resideInAnyPackage(packages)
                .should().callMethod(Files.class, "createTempFile", Path.class, String.class, String.class, FileAttribute[].class)
                .orShould().callMethod(Files.class, "createTempFile", String.class, String.class, FileAttribute[].class)
                .because("a JDK temporary file is rw------- whatever the umask: a second account could not use the record; "
                        + "write the file beside its place under a name of its own (AtomicFiles)");
    }

    public static final ArchRule MODES_FOLLOW_THE_UMASK = modesFollowTheUmaskIn(RECORD_PACKAGES);
}
