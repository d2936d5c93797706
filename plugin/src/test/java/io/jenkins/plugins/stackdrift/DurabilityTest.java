package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.times;

import java.time.Duration;
import java.util.Map;

import hudson.util.FormValidation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;
import org.springframework.security.access.AccessDeniedException;

/**
 * The durability group of the global configuration: its defaults (durable steps on, 5 minutes for an agent to come
 * back, 2 minutes of grace), its duration words, and the system properties that win over it when set.
 */
class DurabilityTest {
    @AfterEach
    void clearProperties() {
        System.clearProperty(Durability.DURABLE_PROPERTY);
        System.clearProperty(Durability.RECONNECT_PROPERTY);
        System.clearProperty(Durability.GRACE_PROPERTY);
    }

    @Test
    void byDefaultStepsAreDurableWaitFiveMinutesForTheirAgentAndGiveAStoppedToolTwoMinutes() {
        Durability durability = new Durability();
        assertThat(durability.isDurableSteps()).isTrue();
        assertThat(durability.getAgentReconnectTimeout()).isEmpty();
        assertThat(durability.getToolStopGrace()).isEmpty();
        assertThat(durability.durableStepsInEffect()).isTrue();
        assertThat(durability.agentReconnectInEffect()).isEqualTo(Duration.ofMinutes(5));
        assertThat(durability.toolStopGraceInEffect()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void theDurationsAreKeptInTheirShortestWordsAndABadOneIsRefusedWithItsFieldsName() {
        Durability durability = new Durability();
        durability.setDurableSteps(false);
        durability.setAgentReconnectTimeout(" 90s ");
        durability.setToolStopGrace("300s");
        assertThat(durability.durableStepsInEffect()).isFalse();
        assertThat(durability.getAgentReconnectTimeout()).isEqualTo("1m30s");
        assertThat(durability.getToolStopGrace()).isEqualTo("5m");
        assertThat(durability.agentReconnectInEffect()).isEqualTo(Duration.ofSeconds(90));
        assertThat(durability.toolStopGraceInEffect()).isEqualTo(Duration.ofMinutes(5));
        durability.setAgentReconnectTimeout("0");
        assertThat(durability.agentReconnectInEffect()).isZero();
        durability.setToolStopGrace("");
        assertThat(durability.toolStopGraceInEffect()).isEqualTo(Duration.ofMinutes(2));

        assertThatThrownBy(() -> durability.setToolStopGrace("gently"))
                .hasMessage("toolStopGrace 'gently' is not a duration: use for example 30s, 5m or 1h (blank: 2m)");
        assertThatThrownBy(() -> durability.setAgentReconnectTimeout("-5m"))
                .hasMessageStartingWith("agentReconnectTimeout '-5m' is not a duration");
        assertThat(durability.getToolStopGrace()).as("a refused value leaves the old one").isEmpty();
    }

    @Test
    void aSystemPropertySetOnTheControllerWinsOverTheSettingAndAnUnreadableOneIsIgnored() {
        Durability durability = new Durability();
        durability.setAgentReconnectTimeout("10m");
        System.setProperty(Durability.DURABLE_PROPERTY, "false");
        System.setProperty(Durability.RECONNECT_PROPERTY, "20");
        System.setProperty(Durability.GRACE_PROPERTY, "5");
        assertThat(durability.durableStepsInEffect()).isFalse();
        assertThat(durability.agentReconnectInEffect()).isEqualTo(Duration.ofSeconds(20));
        assertThat(durability.toolStopGraceInEffect()).isEqualTo(Duration.ofSeconds(5));

        durability.setDurableSteps(false);
        System.setProperty(Durability.DURABLE_PROPERTY, "true");
        System.setProperty(Durability.RECONNECT_PROPERTY, "soon");
        System.setProperty(Durability.GRACE_PROPERTY, "-1");
        assertThat(durability.durableStepsInEffect()).isTrue();
        assertThat(durability.agentReconnectInEffect()).isEqualTo(Duration.ofMinutes(10));
        assertThat(durability.toolStopGraceInEffect()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void theGroupsFieldsAreFoundInASubmittedForm() {
        Map<String, Object> form = Map.of("toolTimeout", "2h", "durability", Map.of("toolStopGrace", "gently"));
        assertThat(GlobalFormCheck.submitted(form, "toolTimeout")).isEqualTo("2h");
        assertThat(GlobalFormCheck.submitted(form, "durability.toolStopGrace")).isEqualTo("gently");
        assertThat(GlobalFormCheck.submitted(form, "durability.agentReconnectTimeout")).isNull();
        assertThat(GlobalFormCheck.submitted(Map.of(), "durability.toolStopGrace")).isNull();
        assertThat(GlobalFormCheck.firstProblem(field -> GlobalFormCheck.submitted(form, field)))
                .hasValueSatisfying(problem -> assertThat(problem.field()).isEqualTo("toolStopGrace"));
    }

    @Test
    @SuppressWarnings("try") // the static mock of JenkinsFacade is in force while the try holds it, never named
    void theFormSaysWhatIsWrongAndWhenASystemPropertyWinsOverAField() {
        Durability.DescriptorImpl descriptor = new Durability.DescriptorImpl();
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            validation.when(FormValidation::ok).thenReturn(mock(FormValidation.class));
            descriptor.doCheckToolStopGrace("90s");
            descriptor.doCheckDurableSteps();
            validation.verify(FormValidation::ok, times(2));
            descriptor.doCheckAgentReconnectTimeout("a while");
            validation.verify(() -> FormValidation.error(
                    "agentReconnectTimeout 'a while' is not a duration: use for example 30s, 5m or 1h (blank: 5m)"));

            System.setProperty(Durability.GRACE_PROPERTY, "5");
            descriptor.doCheckToolStopGrace("90s");
            validation.verify(() -> FormValidation.warning("The system property " + Durability.GRACE_PROPERTY
                    + " is set on this controller: it wins over this field until it is removed"));

            facade.when(JenkinsFacade::checkAdminister).thenThrow(new AccessDeniedException("not an administrator"));
            assertThatThrownBy(() -> descriptor.doCheckToolStopGrace("90s")).isInstanceOf(AccessDeniedException.class);
        }
    }
}
