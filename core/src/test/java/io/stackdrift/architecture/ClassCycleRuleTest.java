package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import io.stackdrift.architecture.planted.PlantedCycleA;
import io.stackdrift.architecture.planted.PlantedCycleB;

class ClassCycleRuleTest {
    @Test
    void twoFilesThatUseEachOtherFailTheBuild() {
        assertThatThrownBy(() -> ClassCycleRule.NO_CLASS_CYCLES.check(
                new ClassFileImporter().importClasses(PlantedCycleA.class, PlantedCycleB.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("PlantedCycleA").hasMessageContaining("PlantedCycleB");
    }

    @Test
    void aNestedClassThatUsesItsOuterClassIsNoCycle() {
        assertThatCode(() -> ClassCycleRule.NO_CLASS_CYCLES.check(
                new ClassFileImporter().importClasses(PlantedCycleB.class, PlantedCycleB.Nested.class)))
                .doesNotThrowAnyException();
    }
}
