package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;

import java.time.Duration;
import java.util.Map;

import hudson.model.Descriptor;
import hudson.util.FormValidation;
import net.sf.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.StaplerRequest2;
import org.mockito.MockedStatic;
import org.mockito.Mockito;
import org.objenesis.ObjenesisStd;
import org.springframework.security.access.AccessDeniedException;

/** The form checks of the global configuration (FormValidation is mocked: the stand-in's factories only throw). */
class StackDriftGlobalConfigurationTest {
    private final StackDriftGlobalConfiguration configuration =
            new ObjenesisStd().newInstance(StackDriftGlobalConfiguration.class);

    @Test
    @SuppressWarnings("try") // the static mock of JenkinsFacade is in force while the try holds it, never named
    void resultWordsAreCheckedInTheFormBlankIsTheDefault() {
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            validation.when(FormValidation::ok).thenReturn(mock(FormValidation.class));
            configuration.doCheckDefaultDriftResult("");
            configuration.doCheckDefaultFailedResult("failure");
            validation.verify(FormValidation::ok, Mockito.times(2));

            configuration.doCheckDefaultDriftResult("ORANGE");
            validation.verify(() -> FormValidation.error("'ORANGE' is not a build result; use SUCCESS, UNSTABLE or FAILURE"));
        }
    }

    @Test
    @SuppressWarnings("try") // the static mock of JenkinsFacade is in force while the try holds it, never named
    void theToolTimeoutIsADurationInShortestWordsBlankIsTheDefaultAndTheFormSaysWhatIsWrong() {
        StackDriftGlobalConfiguration spy = Mockito.spy(configuration);
        Mockito.doNothing().when(spy).save();
        spy.setToolTimeout("120m");
        assertThat(spy.getToolTimeout()).isEqualTo("2h");
        assertThat(spy.defaults().toolTimeout()).isEqualTo(Duration.ofHours(2));
        spy.setToolTimeout(" ");
        assertThat(spy.defaults().toolTimeout()).isZero();
        assertThatThrownBy(() -> spy.setToolTimeout("soon")).hasMessageContaining("toolTimeout 'soon' is not a duration");
        assertThat(GlobalFormCheck.firstProblem(field -> field.equals("toolTimeout") ? "soon" : null))
                .hasValueSatisfying(problem -> assertThat(problem.field()).isEqualTo("toolTimeout"));
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            validation.when(FormValidation::ok).thenReturn(mock(FormValidation.class));
            spy.doCheckToolTimeout("1h30m");
            validation.verify(FormValidation::ok);
            spy.doCheckToolTimeout("soon");
            validation.verify(() -> FormValidation.error(
                    "toolTimeout 'soon' is not a duration: use for example 30m, 2h or 1h30m (blank: 10m for a plan, 1h for an apply)"));
        }
    }

    @Test
    void theFormChecksAnswerAdministratorsOnly() {
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            facade.when(JenkinsFacade::checkAdminister).thenThrow(new AccessDeniedException("not an administrator"));
            assertThatThrownBy(() -> configuration.doCheckDefaultDriftResult("ORANGE")).isInstanceOf(AccessDeniedException.class);
            assertThatThrownBy(() -> configuration.doCheckDefaultFailedResult("ORANGE")).isInstanceOf(AccessDeniedException.class);
            validation.verifyNoInteractions();
        }
    }

    @Test
    void aFormSubmitIsCheckedWholeBeforeAnythingIsAppliedThenSavedOnce() throws Exception {
        StackDriftGlobalConfiguration spy = Mockito.spy(configuration);
        Mockito.doNothing().when(spy).save();
        StaplerRequest2 request = mock(StaplerRequest2.class);
        Mockito.doAnswer(call -> {
            StackDriftGlobalConfiguration bean = call.getArgument(0);
            bean.setDefaultParallelism(3);
            bean.setDefaultDriftResult("failure");
            bean.setTerraformPath(" /opt/terraform ");
            bean.setTofuPath("");
            bean.setPulumiPath(null);
            return null;
        }).when(request).bindJSON(Mockito.any(Object.class), Mockito.any(JSONObject.class));

        JSONObject bad = submitted(Map.of("defaultParallelism", "3", "defaultDriftResult", "ORANGE"));
        assertThatThrownBy(() -> spy.configure(request, bad)).isInstanceOf(Descriptor.FormException.class);
        Mockito.verify(request, Mockito.never()).bindJSON(Mockito.any(Object.class), Mockito.any(JSONObject.class));
        Mockito.verify(spy, Mockito.never()).save();

        JSONObject good = submitted(Map.of("defaultParallelism", "3", "defaultDriftResult", "failure"));
        assertThat(spy.configure(request, good)).isTrue();
        Mockito.verify(spy, Mockito.times(1)).save();
        assertThat(spy.defaults().parallelism()).isEqualTo(3);
        assertThat(spy.defaults().driftResult()).isEqualTo("FAILURE");
        assertThat(spy.defaults().toolPaths()).containsEntry("terraform", "/opt/terraform");

        spy.setTofuPath("/opt/tofu");
        Mockito.verify(spy, Mockito.times(2)).save();
    }

    @Test
    void aBadDurationInTheDurabilityGroupIsAFormErrorAtItsFieldAndNothingIsApplied() throws Exception {
        StackDriftGlobalConfiguration spy = Mockito.spy(configuration);
        Mockito.doNothing().when(spy).save();
        StaplerRequest2 request = mock(StaplerRequest2.class);
        JSONObject bad = submitted(Map.of("defaultParallelism", "3", "durability",
                Map.of("durableSteps", "true", "agentReconnectTimeout", "a while", "toolStopGrace", "2m")));

        // the stand-in's FormException keeps no message: what it is built from is checked through GlobalFormCheck
        assertThat(GlobalFormCheck.firstProblem(field -> GlobalFormCheck.submitted(bad, field))).hasValueSatisfying(problem -> {
            assertThat(problem.field()).isEqualTo("agentReconnectTimeout");
            assertThat(problem.message()).isEqualTo(
                    "agentReconnectTimeout 'a while' is not a duration: use for example 30s, 5m or 1h (blank: 5m)");
        });
        assertThatThrownBy(() -> spy.configure(request, bad)).isInstanceOf(Descriptor.FormException.class);
        Mockito.verify(request, Mockito.never()).bindJSON(Mockito.any(Object.class), Mockito.any(JSONObject.class));
        Mockito.verify(spy, Mockito.never()).save();
        assertThat(spy.getDurability().isDurableSteps()).as("a configuration saved before the group: its defaults").isTrue();
    }

    /** A submitted form: a mock of the JSON object that answers as a map (a group's fields are a map of their own). */
    private static JSONObject submitted(final Map<String, ?> fields) {
        JSONObject json = mock(JSONObject.class);
        // Map's methods (the real JSONObject also has a get(String), which the code does not call)
        Mockito.when(json.containsKey(Mockito.<Object>any())).thenAnswer(call -> fields.containsKey(call.<Object>getArgument(0)));
        Mockito.when(json.get(Mockito.<Object>any())).thenAnswer(call -> fields.get(call.<Object>getArgument(0)));
        return json;
    }
}
