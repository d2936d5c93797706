package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import io.stackdrift.architecture.planted.PlantedCycleA;
import io.stackdrift.architecture.planted.PlantedPathDeletion;
import io.stackdrift.architecture.planted.PlantedStreamDeletion;
import io.stackdrift.model.Directories;

class DirectoryRuleTest {
    /** A planted instance of the mistake the rule is for. */
    static final class CreatesDirectly {
        Path make(final Path dir) throws IOException {
            return Files.createDirectories(dir);
        }
    }

    static final class GoesThroughTheHelper {
        Path make(final Path dir) throws IOException {
            return Directories.ensure(dir);
        }
    }

    @Test
    void aTreeDeletedByPathFailsTheBuild() {
        assertThatThrownBy(() -> DirectoryRule.TREES_DELETED_THROUGH_DIRECTORIES.check(
                new ClassFileImporter().importPackagesOf(PlantedPathDeletion.class)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(PlantedPathDeletion.class.getName() + " walks a directory tree")
                .hasMessageContaining(PlantedStreamDeletion.class.getName() + " walks a directory tree")
                .hasMessageNotContaining(PlantedCycleA.class.getName());
        assertThatCode(() -> DirectoryRule.TREES_DELETED_THROUGH_DIRECTORIES.check(new ClassFileImporter()
                .importClasses(GoesThroughTheHelper.class, Directories.class))).doesNotThrowAnyException();
    }

    @Test
    void aDirectCallFailsTheBuild() {
        assertThatThrownBy(() -> DirectoryRule.THROUGH_DIRECTORIES_ENSURE.check(
                new ClassFileImporter().importClasses(CreatesDirectly.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("Directories.ensure");
    }

    @Test
    void theHelperPasses() {
        assertThatCode(() -> DirectoryRule.THROUGH_DIRECTORIES_ENSURE.check(
                new ClassFileImporter().importClasses(GoesThroughTheHelper.class, Directories.class))).doesNotThrowAnyException();
    }
}
