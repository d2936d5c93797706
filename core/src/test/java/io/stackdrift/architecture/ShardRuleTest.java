package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import io.stackdrift.shard.ShardBoard;
import io.stackdrift.shard.ShardPlan;
import io.stackdrift.shard.ShardPlanner;
import io.stackdrift.shard.planted.ReadsAFile;
import io.stackdrift.shard.planted.ReadsTheClock;

class ShardRuleTest {
    @Test
    void aPlannerThatReadsTheClockFailsTheBuild() {
        assertThatThrownBy(() -> ShardRule.PURE.check(new ClassFileImporter().importClasses(ReadsTheClock.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("System");
    }

    @Test
    void aBoardThatReadsAFileFailsTheBuild() {
        assertThatThrownBy(() -> ShardRule.PURE.check(new ClassFileImporter().importClasses(ReadsAFile.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("java.nio.file");
    }

    @Test
    void thePlannerAndTheBoardPass() {
        assertThatCode(() -> ShardRule.PURE.check(new ClassFileImporter()
                .importClasses(ShardPlanner.class, ShardPlan.class, ShardBoard.class, ShardBoard.Decision.class)))
                .doesNotThrowAnyException();
    }
}
