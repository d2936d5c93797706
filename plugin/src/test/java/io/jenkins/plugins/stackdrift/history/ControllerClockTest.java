package io.jenkins.plugins.stackdrift.history;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

import io.stackdrift.testing.ImportedClasses;

/** The times the plugin records are the controller's, also when the engine runs on an agent whose clock is off. */
class ControllerClockTest {
    /**
     * The clocks a record's times come from (the engine's {@code Clock}, {@code Instant.now()}) are made by ControllerClock
     * only: one made on an agent would record the agent's time. (A wait's deadline may read System.currentTimeMillis.)
     */
    static final ArchRule ONE_CLOCK = noClasses().that().doNotHaveFullyQualifiedName(ControllerClock.class.getName())
            .should().callMethod(Clock.class, "systemUTC").orShould().callMethod(Clock.class, "systemDefaultZone")
            .orShould().callMethod(Instant.class, "now")
            .because("an agent's wall clock may be off; the history lives on the controller");

    @Test
    void onAnAgentWhoseClockIsAnHourAheadTheEngineReadsTheControllersTime() {
        long controller = System.currentTimeMillis() - Duration.ofHours(1).toMillis();

        Clock clock = ControllerClock.sentAt(controller);

        assertThat(clock.millis() - controller).isBetween(0L, 5_000L);
        assertThat(ControllerClock.nowMillis()).isCloseTo(System.currentTimeMillis(), Offset.offset(5_000L));
    }

    @Test
    void nothingButTheControllerClockReadsTheWallClock() {
        ONE_CLOCK.check(ImportedClasses.mainOf("io.jenkins.plugins.stackdrift"));
    }

    /** Reads the agent's clock: what the rule refuses. */
    static final class PlantedAgentTime {
        long startedAt() {
            return Clock.systemUTC().millis();
        }
    }

    @Test
    void aPlantedReadOfTheWallClockIsFound() {
        JavaClasses planted = new ClassFileImporter().importClasses(PlantedAgentTime.class);
        assertThatThrownBy(() -> ONE_CLOCK.check(planted)).isInstanceOf(AssertionError.class).hasMessageContaining("systemUTC");
    }
}
