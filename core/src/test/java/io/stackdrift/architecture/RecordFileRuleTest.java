package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import io.stackdrift.architecture.planted.PlantedRecordTempFile;

class RecordFileRuleTest {
    @Test
    void aRecordFileMadeAsATemporaryFileFailsTheBuild() {
        assertThatThrownBy(() -> RecordFileRule.modesFollowTheUmaskIn("io.stackdrift.architecture.planted..")
                .check(new ClassFileImporter().importClasses(PlantedRecordTempFile.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining(PlantedRecordTempFile.class.getName())
                .hasMessageContaining("whatever the umask");
    }
}
